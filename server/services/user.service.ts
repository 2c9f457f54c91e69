import type { User } from '../../core/user';
import { NotFoundError } from '../errors';
import type { UserRepository } from '../repositories/user.repository';
import { toApiUser } from './user.mapper';

export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(uid: string): Promise<User> {
    const row = await this.users.findByUid(uid);
    if (!row) throw new NotFoundError('No such user.');
    return toApiUser(row, this.now());
  }
}

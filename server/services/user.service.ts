import type { User } from '../../core/user';
import { NotFoundError } from '../errors';
import type { UserRepository } from '../repositories/user.repository';
import { toApiUser } from './user.mapper';
import { SERVER_MESSAGES } from '../../core/server-messages';

export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(uid: string): Promise<User> {
    const row = await this.users.findByUid(uid);
    if (!row) throw new NotFoundError(SERVER_MESSAGES.noSuchUser);
    return toApiUser(row, this.now());
  }
}

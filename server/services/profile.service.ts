import { SUPPORT_MESSAGES, type UpdateMeBody } from '../../core/account-api';
import type { User } from '../../core/user';
import { checkUsername, normalizeUsername, USERNAME_MESSAGES } from '../../core/username';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { SupportRepository } from '../repositories/support.repository';
import type { ProfilePatch, UserRepository } from '../repositories/user.repository';
import { toApiUser } from './user.mapper';

export class ProfileService {
  constructor(
    private readonly users: UserRepository,
    private readonly support: SupportRepository,
  ) {}

  /** Updates the caller's own settings and username (unique by its lowercased, trimmed form). */
  async update(uid: string, body: UpdateMeBody): Promise<User> {
    const patch: ProfilePatch = {
      darkMode: body.darkMode,
      alwaysView: body.alwaysView,
      enableNotifications: body.enableNotifications,
    };
    if (body.username !== undefined) {
      const checked = checkUsername(body.username);
      if (!checked.ok) throw new ValidationError(checked.message);
      patch.username = checked.username;
      patch.usernameSearchable = normalizeUsername(checked.username);
    }
    const row = await this.users.updateProfile(uid, patch);
    if (row === 'username-taken') throw new ConflictError(USERNAME_MESSAGES.taken);
    if (!row) throw new NotFoundError('No such user.');
    return toApiUser(row);
  }

  /** Records a support message from the caller; the same id twice is stored once. */
  async contactSupport(uid: string, email: string, id: string, message: string) {
    const text = message.trim();
    if (text === '') throw new ValidationError(SUPPORT_MESSAGES.empty);
    const stored = await this.support.insert({ id, uid, email, message: text });
    if (!stored) throw new NotFoundError('No such message.');
    if (stored.uid !== uid) throw new ForbiddenError('That message id belongs to someone else.');
    return { id: stored.id, createdAt: stored.createdAt.toISOString() };
  }
}

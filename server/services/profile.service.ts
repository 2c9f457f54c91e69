import { createHash } from 'node:crypto';
import { SUPPORT_MESSAGES, type UpdateMeBody, type UsernameAvailableResponse } from '../../core/account-api';
import type { User } from '../../core/user';
import type { UploadedFile } from '../../core/poop-api';
import { checkUsername, normalizeUsername, USERNAME_MESSAGES } from '../../core/username';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { processImage } from '../media/image-pipeline';
import type { SupportRepository } from '../repositories/support.repository';
import type { ProfilePatch, UserRepository } from '../repositories/user.repository';
import type { ObjectStorage, StoredObject } from '../storage/object-storage';
import { avatarKey } from '../storage/storage-keys';
import type { FeedInvalidation } from './feed-page-cache';
import { toApiUser } from './user.mapper';
import { SERVER_MESSAGES } from '../../core/server-messages';

export interface ProfileServiceDeps {
  users: UserRepository;
  support: SupportRepository;
  storage: ObjectStorage;
  /** Posts carry a copy of their author's name and avatar, which the feed shows. */
  feed: FeedInvalidation;
}

/** The URL an avatar is served at; the version changes with the picture, so caches never go stale. */
export function avatarUrl(uid: string, version: string): string {
  return `/api/media/users/${encodeURIComponent(uid)}/avatar?v=${version}`;
}

export class ProfileService {
  constructor(private readonly deps: ProfileServiceDeps) {}

  /** Updates the caller's own settings and username (unique by its lowercased, trimmed form). */
  async update(uid: string, body: UpdateMeBody): Promise<User> {
    const patch: ProfilePatch = {
      darkMode: body.darkMode,
      language: body.language,
      alwaysView: body.alwaysView,
      enableNotifications: body.enableNotifications,
      welcomed: body.welcomed,
      leaderboardSeen: body.leaderboardSeen,
    };
    if (body.username !== undefined) {
      const checked = checkUsername(body.username);
      if (!checked.ok) throw new ValidationError(checked.message);
      patch.username = checked.username;
      patch.usernameSearchable = normalizeUsername(checked.username);
    }
    const row = await this.deps.users.updateProfile(uid, patch);
    if (row === 'username-taken') throw new ConflictError(USERNAME_MESSAGES.taken);
    if (!row) throw new NotFoundError(SERVER_MESSAGES.noSuchUser);
    if (patch.username !== undefined) await this.deps.feed.invalidating(() => this.deps.users.refreshAuthorOnPosts(uid));
    return toApiUser(row);
  }

  /** Whether the caller could take this username (the rules of core/username.ts, and free or already theirs). */
  async usernameAvailable(uid: string, username: string): Promise<UsernameAvailableResponse> {
    const checked = checkUsername(username);
    if (!checked.ok) return { available: false, reason: checked.problem };
    const taken = await this.deps.users.usernameTakenByOther(uid, normalizeUsername(checked.username));
    return taken ? { available: false, reason: 'taken' } : { available: true };
  }

  /**
   * Replaces the caller's avatar: the upload goes through the image pipeline (real format by
   * magic bytes, size and pixel limits, orientation, every byte of metadata dropped) and is
   * stored at users/{uid}/avatar.
   */
  async setAvatar(uid: string, upload: Uint8Array | UploadedFile): Promise<User> {
    const image = await processImage(upload);
    const current = await this.deps.users.findByUid(uid);
    if (!current) throw new NotFoundError(SERVER_MESSAGES.noSuchUser);
    const key = avatarKey({ uid });
    await this.deps.storage.put(key, image.thumb.bytes, image.thumb.contentType);
    const version = createHash('sha256').update(image.thumb.bytes).digest('base64url').slice(0, 16);
    const row = await this.deps.users.updateProfile(uid, { photoUrl: avatarUrl(uid, version), avatarKey: key });
    if (!row || row === 'username-taken') throw new NotFoundError(SERVER_MESSAGES.noSuchUser);
    // An avatar recorded under an older key (before keys were by uid) is dropped once replaced.
    if (current.avatarKey && current.avatarKey !== key) await this.deps.storage.delete(current.avatarKey);
    await this.deps.feed.invalidating(() => this.deps.users.refreshAuthorOnPosts(uid));
    return toApiUser(row);
  }

  /** A user's avatar picture (avatars are shown beside public posts, so anyone may read them). */
  async avatar(uid: string): Promise<StoredObject> {
    const user = await this.deps.users.findByUid(uid);
    const stored = user?.avatarKey ? await this.deps.storage.get(user.avatarKey) : undefined;
    if (!stored) throw new NotFoundError(SERVER_MESSAGES.noAvatar);
    return stored;
  }

  /** Records a support message from the caller; the same id twice is stored once. */
  async contactSupport(uid: string, email: string, id: string, message: string) {
    const text = message.trim();
    if (text === '') throw new ValidationError(SUPPORT_MESSAGES.empty);
    const stored = await this.deps.support.insert({ id, uid, email, message: text });
    if (!stored) throw new NotFoundError(SERVER_MESSAGES.noSuchMessage);
    if (stored.uid !== uid) throw new ForbiddenError(SERVER_MESSAGES.messageIdTaken);
    return { id: stored.id, createdAt: stored.createdAt.toISOString() };
  }
}

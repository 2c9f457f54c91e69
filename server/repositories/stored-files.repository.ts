import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { poops, users } from '../db/schema';

/** Which stored files the rows record, for the storage sweep and the move to uid-keyed folders. */
export class StoredFilesRepository {
  constructor(private readonly db: Db) {}

  /** Of these post folders, the ones a row records and whose files are kept. */
  async recordedPostFolders(prefixes: string[]): Promise<Set<string>> {
    if (prefixes.length === 0) return new Set();
    const rows = await this.db
      .select({ key: poops.imageKey })
      .from(poops)
      .where(and(inArray(poops.imageKey, prefixes), eq(poops.filesRemoved, false)));
    return new Set(rows.map((r) => r.key));
  }

  /** Of these avatar keys, the ones a user row records. */
  async recordedAvatars(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db.select({ key: users.avatarKey }).from(users).where(inArray(users.avatarKey, keys));
    return new Set(rows.map((r) => r.key));
  }

  /** Deleted posts whose files are still stored, deleted at or before `before`. */
  async deletedPostsWithFiles(before: Date, limit: number): Promise<{ id: string; imageKey: string }[]> {
    return this.db
      .select({ id: poops.id, imageKey: poops.imageKey })
      .from(poops)
      .where(and(eq(poops.deleted, true), eq(poops.filesRemoved, false), lte(poops.modifiedDate, before)))
      .limit(limit);
  }

  async markFilesRemoved(id: string): Promise<void> {
    await this.db.update(poops).set({ filesRemoved: true }).where(eq(poops.id, id));
  }

  /** Posts whose folder is not under their owner's uid (stored under an e-mail before). */
  async postsOutsideUidFolder(): Promise<{ id: string; uid: string; imageKey: string }[]> {
    return this.db
      .select({ id: poops.id, uid: poops.uid, imageKey: poops.imageKey })
      .from(poops)
      .where(sql`NOT ${poops.filesRemoved} AND ${poops.imageKey} NOT LIKE 'poops/' || ${poops.uid} || '/%'`);
  }

  /** Users whose avatar is not at users/{uid}/avatar. */
  async avatarsOutsideUidFolder(): Promise<{ uid: string; avatarKey: string }[]> {
    return this.db
      .select({ uid: users.uid, avatarKey: users.avatarKey })
      .from(users)
      .where(sql`${users.avatarKey} <> '' AND ${users.avatarKey} <> 'users/' || ${users.uid} || '/avatar'`);
  }

  async setPostFolder(id: string, imageKey: string): Promise<void> {
    await this.db.update(poops).set({ imageKey }).where(eq(poops.id, id));
  }

  async setAvatarKey(uid: string, from: string, to: string): Promise<void> {
    await this.db
      .update(users)
      .set({ avatarKey: to })
      .where(and(eq(users.uid, uid), eq(users.avatarKey, from)));
  }
}

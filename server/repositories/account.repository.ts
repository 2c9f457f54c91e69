import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { poopColumnsOf, visiblePoopSql } from '../db/poop-visibility';
import { accountDeletions, poops, users } from '../db/schema';

/** Account-wide reads and writes: the user's own history and deleting everything of theirs. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  /** Records that the user asked to be deleted; asking twice keeps the first request. */
  async enqueueDeletion(uid: string, email: string): Promise<void> {
    await this.db.insert(accountDeletions).values({ uid, email, attempts: 0, lastError: '' }).onConflictDoNothing();
  }

  async pendingDeletions(): Promise<{ uid: string; email: string }[]> {
    return this.db.select({ uid: accountDeletions.uid, email: accountDeletions.email }).from(accountDeletions);
  }

  async recordDeletionFailure(uid: string, message: string): Promise<void> {
    await this.db
      .update(accountDeletions)
      .set({ attempts: sql`${accountDeletions.attempts} + 1`, lastError: message.slice(0, 500) })
      .where(eq(accountDeletions.uid, uid));
  }

  async finishDeletion(uid: string): Promise<void> {
    await this.db.delete(accountDeletions).where(eq(accountDeletions.uid, uid));
  }

  /** Storage prefixes of every post the user has (deleted ones included). */
  async imagePrefixes(uid: string): Promise<string[]> {
    const rows = await this.db.select({ key: poops.imageKey }).from(poops).where(eq(poops.uid, uid));
    return rows.map((r) => r.key);
  }

  /** The storage key of the user's avatar, if they have one. */
  async avatarKey(uid: string): Promise<string | undefined> {
    const [row] = await this.db.select({ key: users.avatarKey }).from(users).where(eq(users.uid, uid));
    return row?.key || undefined;
  }

  /**
   * Deletes the user row and, by cascade, their posts, likes, comments, follows, sessions,
   * notifications and support messages, in one statement. Counters on other rows (likes,
   * comments, followers, followings) follow by triggers as the cascaded rows go.
   */
  async deleteUserRows(uid: string): Promise<void> {
    await this.db.delete(users).where(eq(users.uid, uid));
  }

  /**
   * The user's posts, likes and comments, newest first, after the keyset position
   * (time in ms, then a text key that orders ties). Posts include their private ones;
   * likes and comments only on posts the user may still see (a post made private or
   * pending since must not show its title here).
   */
  async activity(uid: string, after: { at: number; key: string } | undefined, limit: number) {
    const afterClause = after ? sql`WHERE (at, key) < (${new Date(after.at).toISOString()}::timestamptz, ${after.key})` : sql``;
    const result = await this.db.execute<ActivityRow>(sql`
      SELECT kind, at, key, poop_id, title, text FROM (
        SELECT 'post' AS kind, p.created_date AS at, 'p' || p.id::text AS key, p.id::text AS poop_id, p.title, '' AS text
          FROM poops p WHERE p.uid = ${uid} AND NOT p.deleted
        UNION ALL
        SELECT 'like', date_trunc('milliseconds', l.created_at), 'l' || l.poop_id::text, l.poop_id::text, p.title, ''
          FROM likes l JOIN poops p ON p.id = l.poop_id WHERE l.uid = ${uid} AND ${visiblePoopSql(uid, poopColumnsOf('p'))}
        UNION ALL
        SELECT 'comment', c.created, 'c' || c.id::text, c.poop_id::text, p.title, c.text
          FROM comments c JOIN poops p ON p.id = c.poop_id WHERE c.uid = ${uid} AND ${visiblePoopSql(uid, poopColumnsOf('p'))}
      ) AS activity
      ${afterClause}
      ORDER BY at DESC, key DESC
      LIMIT ${limit}`);
    // Both drivers answer `{ rows }`; timestamps come back as Date (pg) or string (PGlite).
    return (result as { rows: ActivityRow[] }).rows;
  }
}

export type ActivityRow = {
  kind: 'post' | 'like' | 'comment';
  at: Date | string;
  key: string;
  poop_id: string;
  title: string;
  text: string;
};

import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions, users } from '../db/schema';

export interface SessionRow {
  uid: string;
  email: string;
  anonymous: boolean;
  expiresAt: Date;
}

/** The server's own sessions, stored by the SHA-256 of the cookie's random id. */
export class SessionRepository {
  /**
   * The lookup every signed-in request makes, prepared once (drizzle's `.prepare()`): on PostgreSQL
   * each pooled connection parses and plans it once instead of once a request.
   */
  private readonly active;

  constructor(private readonly db: Db) {
    this.active = db
      .select({ uid: sessions.uid, email: users.email, anonymous: sessions.anonymous, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.uid, sessions.uid))
      .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .prepare('sessions_find_active');
  }

  async create(id: string, uid: string, anonymous: boolean, expiresAt: Date): Promise<void> {
    await this.db.insert(sessions).values({ id, uid, anonymous, expiresAt }).onConflictDoNothing();
  }

  /** The live session with this id and its user, in one indexed lookup (primary key + join on the user's key). */
  async findActive(id: string, now: Date): Promise<SessionRow | undefined> {
    const rows = await this.active.execute({ id, now });
    return rows[0];
  }

  async deleteAllFor(uid: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.uid, uid));
  }

  /** Removes sessions that expired at or before `now`; answers how many. */
  async pruneExpired(now: Date): Promise<number> {
    const gone = await this.db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
    return gone.length;
  }
}

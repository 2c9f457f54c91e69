import { and, eq, gt, lte } from 'drizzle-orm';
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
  constructor(private readonly db: Db) {}

  async create(id: string, uid: string, anonymous: boolean, expiresAt: Date): Promise<void> {
    await this.db.insert(sessions).values({ id, uid, anonymous, expiresAt }).onConflictDoNothing();
  }

  /** The live session with this id and its user, in one indexed lookup (primary key + join on the user's key). */
  async findActive(id: string, now: Date): Promise<SessionRow | undefined> {
    const rows = await this.db
      .select({ uid: sessions.uid, email: users.email, anonymous: sessions.anonymous, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.uid, sessions.uid))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)));
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

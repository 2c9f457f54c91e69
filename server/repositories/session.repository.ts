import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions } from '../db/schema';

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async create(id: string, uid: string, expiresAt: Date): Promise<void> {
    await this.db.insert(sessions).values({ id, uid, expiresAt }).onConflictDoNothing();
  }

  async isActive(id: string, uid: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(sql`${sessions.id} = ${id} AND ${sessions.uid} = ${uid} AND ${sessions.expiresAt} > ${now}`);
    return rows.length > 0;
  }

  async deleteAllFor(uid: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.uid, uid));
  }
}

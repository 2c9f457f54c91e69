import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { support } from '../db/schema';

export class SupportRepository {
  constructor(private readonly db: Db) {}

  /** Stores the message once per id; a replay answers the row already stored. */
  async insert(row: { id: string; uid: string; email: string; message: string }) {
    await this.db.insert(support).values(row).onConflictDoNothing();
    const [stored] = await this.db
      .select({ id: support.id, uid: support.uid, createdAt: support.createdAt })
      .from(support)
      .where(sql`${support.id} = ${row.id}`);
    return stored;
  }
}

import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { poops } from '../db/schema';

/** The user's own posts (private and pending too, not deleted) since a moment, oldest first. */
export class StatsRepository {
  constructor(private readonly db: Db) {}

  async postsSince(uid: string, since: Date): Promise<Array<{ createdDate: Date; type: string }>> {
    return this.db
      .select({ createdDate: poops.createdDate, type: poops.type })
      .from(poops)
      .where(and(eq(poops.uid, uid), sql`NOT ${poops.deleted}`, gte(poops.createdDate, since)))
      .orderBy(asc(poops.createdDate));
  }
}

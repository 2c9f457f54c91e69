import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { notifications } from '../db/schema';

export class NotificationRepository {
  constructor(private readonly db: Db) {}

  async countUnread(uid: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(sql`${notifications.uid} = ${uid} AND NOT ${notifications.isRead}`);
    return row?.count ?? 0;
  }
}

import { and, asc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { personalDaySql } from '../db/activity';
import type { Db } from '../db/database';
import { healthEntries, poops, type HealthEntryRow } from '../db/schema';

export type { HealthEntryRow };

/** A post in its author's diary: the post's own fields and its details row, if any. */
export interface DiaryPostRow {
  id: string;
  createdDate: Date;
  /** The person's day it counts for (server/db/activity.ts), and the zone it is read in (null: New York). */
  day: string;
  timeZone: string | null;
  type: string;
  title: string;
  health: HealthEntryRow | null;
}

/** Which days to read: YYYY-MM-DD inclusive, each row's own day or the days in `zone`; `start`/`end` bound the instants scanned. */
export interface DiaryDays {
  from: string;
  to: string;
  zone?: string;
  start: Date;
  end: Date;
}

/**
 * The author's diary as stored (issue 43): their posts (not deleted) with their health_entries row,
 * and their diary-only entries. Every method takes the author's uid; nothing here reads another's rows.
 */
export class DiaryReadRepository {
  constructor(private readonly db: Db) {}

  /** The author's posts on the days asked, oldest first, with their details (null when none). */
  async posts(uid: string, days: DiaryDays): Promise<DiaryPostRow[]> {
    const zone: SQL = days.zone === undefined ? sql`${poops.timeZone}` : sql`${days.zone}::text`;
    const day = personalDaySql(poops.createdDate, zone);
    return this.db
      .select({
        id: poops.id,
        createdDate: poops.createdDate,
        day,
        timeZone: days.zone === undefined ? poops.timeZone : sql<string>`${days.zone}::text`,
        type: poops.type,
        title: poops.title,
        health: healthEntries,
      })
      .from(poops)
      .leftJoin(healthEntries, and(eq(healthEntries.poopId, poops.id), eq(healthEntries.uid, uid)))
      .where(
        and(
          eq(poops.uid, uid),
          sql`NOT ${poops.deleted}`,
          gte(poops.createdDate, days.start),
          lt(poops.createdDate, days.end),
          sql`${day} BETWEEN ${days.from} AND ${days.to}`,
        ),
      )
      .orderBy(asc(poops.createdDate));
  }

  /** The author's diary-only entries (no post) on the days asked, oldest first, with their day. */
  async diaryOnly(uid: string, days: DiaryDays): Promise<Array<{ row: HealthEntryRow; day: string }>> {
    const zone: SQL = days.zone === undefined ? sql`${healthEntries.timeZone}` : sql`${days.zone}::text`;
    const day = personalDaySql(healthEntries.occurredAt, zone);
    return this.db
      .select({ row: healthEntries, day })
      .from(healthEntries)
      .where(
        and(
          eq(healthEntries.uid, uid),
          isNull(healthEntries.poopId),
          gte(healthEntries.occurredAt, days.start),
          lt(healthEntries.occurredAt, days.end),
          sql`${day} BETWEEN ${days.from} AND ${days.to}`,
        ),
      )
      .orderBy(asc(healthEntries.occurredAt));
  }
}

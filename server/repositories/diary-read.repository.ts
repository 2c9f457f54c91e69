import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { healthEntries, poops, type HealthEntryRow } from '../db/schema';

export type { HealthEntryRow };

/** A post in its author's diary: the post's own fields and its details row, if any. */
export interface DiaryPostRow {
  id: string;
  createdDate: Date;
  type: string;
  title: string;
  health: HealthEntryRow | null;
}

/**
 * The author's diary as stored (issue 43): their posts (not deleted) with their health_entries row,
 * and their diary-only entries. Every method takes the author's uid; nothing here reads another's rows.
 */
export class DiaryReadRepository {
  constructor(private readonly db: Db) {}

  /** The author's posts made in [start, end), oldest first, with their details (null when none). */
  async posts(uid: string, start: Date, end: Date): Promise<DiaryPostRow[]> {
    const rows = await this.db
      .select({ id: poops.id, createdDate: poops.createdDate, type: poops.type, title: poops.title, health: healthEntries })
      .from(poops)
      .leftJoin(healthEntries, and(eq(healthEntries.poopId, poops.id), eq(healthEntries.uid, uid)))
      .where(and(eq(poops.uid, uid), sql`NOT ${poops.deleted}`, gte(poops.createdDate, start), lt(poops.createdDate, end)))
      .orderBy(asc(poops.createdDate));
    return rows;
  }

  /** The author's diary-only entries (no post) that happened in [start, end), oldest first. */
  async diaryOnly(uid: string, start: Date, end: Date): Promise<HealthEntryRow[]> {
    return this.db
      .select()
      .from(healthEntries)
      .where(
        and(
          eq(healthEntries.uid, uid),
          isNull(healthEntries.poopId),
          gte(healthEntries.occurredAt, start),
          lt(healthEntries.occurredAt, end),
        ),
      )
      .orderBy(asc(healthEntries.occurredAt));
  }
}

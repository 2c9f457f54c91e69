import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { POOP_TIMEZONE, POST_TIME_MAX_AGE_DAYS } from '../../core/constants';

/**
 * The SQL twins of the day and activity rules (STYLE.md rule 11). `personalDaySql` is
 * core/personal-day.ts `personalDay` in SQL; server/test/personal-day.test.ts holds them equal.
 * Repositories import these fragments, never retype them.
 */

/** The calendar day (text YYYY-MM-DD) of the instant `at` in the zone `zone` (a column; NULL: New York). */
export function personalDaySql(at: SQLWrapper, zone: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${at} AT TIME ZONE coalesce(${zone}, ${POOP_TIMEZONE}::text), 'YYYY-MM-DD')`;
}

/**
 * Whether the day of `at` in `zone` is not before the day the account `uid` was created, in that
 * same zone: the one "before the account" rule (issue 61) for posts and diary entries alike. What
 * is dated before it stays visible (the feed, the diary, the report) and earns nothing. Its twin in
 * TypeScript, for a post about to be stored: core/personal-day.ts `countsForAccount`.
 */
function notBeforeAccountSql(uid: SQLWrapper, at: SQLWrapper, zone: SQLWrapper): SQL {
  return sql`${personalDaySql(at, zone)} >= (SELECT ${personalDaySql(sql`u.created_at`, zone)} FROM users u WHERE u.uid = ${uid})`;
}

/**
 * A user's activity (issue 43/44/60/64): every post, deleted ones too (a post counts for the day it
 * was made), and every diary-only entry that counts, each with the day it counts for in the zone it
 * was written in. Nothing whose day is before the account's first day counts (`notBeforeAccountSql`):
 * a post may be dated POST_TIME_MAX_AGE_DAYS back, so a new account's backdated post would otherwise
 * earn for days before it existed. A diary-only entry may be dated up to a year back (core/diary.ts
 * DIARY_BACKFILL_MAX_DAYS) but counts only when it was dated at most POST_TIME_MAX_AGE_DAYS before it
 * was written (a post's own limit): a backfilled entry is in the diary, Activity and the report,
 * never in streaks, leagues or achievements.
 * A subquery with columns `at` (timestamptz), `day` (YYYY-MM-DD), `zone` (the zone `day` was read
 * in, null for POOP_TIMEZONE: compare another moment's day in it) and `type`; `since`/`until` bound `at`
 * ([since, until)), so the indexes on (uid, time) serve it. What counts once a day is the caller's
 * `DISTINCT day`.
 */
export function activitySql(uid: SQLWrapper | string, bounds: { since?: Date; until?: Date } = {}): SQL {
  const range = (column: SQL) =>
    sql.join(
      [
        bounds.since ? sql` AND ${column} >= ${bounds.since.toISOString()}::timestamptz` : sql``,
        bounds.until ? sql` AND ${column} < ${bounds.until.toISOString()}::timestamptz` : sql``,
      ],
      sql``,
    );
  return sql`(SELECT p.created_date AS at, ${personalDaySql(sql`p.created_date`, sql`p.time_zone`)} AS day, p.time_zone AS zone, p.type
      FROM poops p WHERE p.uid = ${uid}${range(sql`p.created_date`)}
        AND ${notBeforeAccountSql(sql`p.uid`, sql`p.created_date`, sql`p.time_zone`)}
    UNION ALL
    SELECT h.occurred_at, ${personalDaySql(sql`h.occurred_at`, sql`h.time_zone`)}, h.time_zone, h.type
      FROM health_entries h WHERE h.uid = ${uid} AND h.poop_id IS NULL${range(sql`h.occurred_at`)}
        AND h.occurred_at >= h.created_at - make_interval(days => ${POST_TIME_MAX_AGE_DAYS}::int)
        AND ${notBeforeAccountSql(sql`h.uid`, sql`h.occurred_at`, sql`h.time_zone`)})`;
}

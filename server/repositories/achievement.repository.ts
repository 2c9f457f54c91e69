import { sql, type SQL } from 'drizzle-orm';
import { BRISTOL_SCALE } from '../../core/poop';
import { activitySql } from '../db/activity';
import type { Db } from '../db/database';
import { applySocialEffects, type NewNotification } from './notification.repository';

/** The stored facts achievements are decided on (core/achievements.ts `AchievementFacts`, less what callers add). */
export interface StoredFacts {
  posts: number;
  currentStreak: number;
  longestStreak: number;
  lastPoopPosted: Date | null;
  bristolTypesLogged: number;
  daysLogged: number;
  leagueWins: number;
  /** Freezes used and not given back (migrations/0074_streak_habits.sql): each kept a streak alive. */
  freezesThatSavedAStreak: number;
}

export interface EarnedRow {
  key: string;
  earnedAt: Date;
  shown: boolean;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** core's Bristol scale, as an SQL list. */
const BRISTOL_TYPES = sql`(${sql.join(
  BRISTOL_SCALE.map((type) => sql`${type}`),
  sql`, `,
)})`;

/** Achievements earned (once per key: the primary key makes concurrent awards one). */
export class AchievementRepository {
  constructor(private readonly db: Db) {}

  /** What a user's posts, diary-only entries, league wins and freezes used say; undefined for no such user. */
  async facts(uid: string): Promise<StoredFacts | undefined> {
    const [row] = await rows<Omit<StoredFacts, 'lastPoopPosted'> & { lastPoopPosted: string | Date | null }>(
      this.db,
      sql`SELECT
            (SELECT count(*)::int FROM poops WHERE uid = u.uid) AS posts,
            u.current_streak AS "currentStreak", u.longest_streak AS "longestStreak", u.last_poop_posted AS "lastPoopPosted",
            (SELECT count(DISTINCT t.type)::int FROM (
               SELECT type FROM poops WHERE uid = u.uid AND NOT deleted
               UNION SELECT type FROM health_entries WHERE uid = u.uid AND poop_id IS NULL
             ) t WHERE t.type IN ${BRISTOL_TYPES}) AS "bristolTypesLogged",
            (SELECT count(DISTINCT d.day)::int FROM ${activitySql(sql`u.uid`)} d) AS "daysLogged",
            (SELECT count(*)::int FROM league_wins WHERE uid = u.uid) AS "leagueWins",
            (SELECT count(*)::int FROM streak_freezes_used WHERE uid = u.uid AND NOT given_back) AS "freezesThatSavedAStreak"
          FROM users u WHERE u.uid = ${uid}`,
    );
    if (!row) return undefined;
    return { ...row, lastPoopPosted: row.lastPoopPosted === null ? null : new Date(row.lastPoopPosted) };
  }

  async list(uid: string): Promise<EarnedRow[]> {
    const found = await rows<{ key: string; earnedAt: string | Date; shown: boolean }>(
      this.db,
      sql`SELECT key, earned_at AS "earnedAt", shown FROM achievements WHERE uid = ${uid} ORDER BY earned_at, key`,
    );
    return found.map((r) => ({ ...r, earnedAt: new Date(r.earnedAt) }));
  }

  /**
   * Records the keys not earned yet and, for each one this call recorded, its notification (same
   * transaction). Answers the keys newly earned.
   */
  async award(uid: string, keys: readonly string[], at: Date, notify: (key: string) => NewNotification): Promise<string[]> {
    if (keys.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const values = sql.join(
        keys.map((key) => sql`(${uid}, ${key}, ${at.toISOString()}::timestamptz)`),
        sql`, `,
      );
      const inserted = await rows<{ key: string }>(
        tx,
        sql`INSERT INTO achievements (uid, key, earned_at) SELECT v.uid, v.key, v.at FROM (VALUES ${values}) AS v(uid, key, at)
            WHERE EXISTS (SELECT 1 FROM users WHERE uid = v.uid)
            ON CONFLICT DO NOTHING RETURNING key`,
      );
      for (const { key } of inserted) await applySocialEffects(tx, { notification: notify(key) });
      return inserted.map((r) => r.key);
    });
  }

  /** Shows or hides an earned achievement; answers false when it is not earned. */
  async setShown(uid: string, key: string, shown: boolean): Promise<boolean> {
    const updated = await rows(this.db, sql`UPDATE achievements SET shown = ${shown} WHERE uid = ${uid} AND key = ${key} RETURNING key`);
    return updated.length > 0;
  }
}

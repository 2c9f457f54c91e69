import { sql, type SQL } from 'drizzle-orm';
import type { LeagueWeek } from '../../core/league';
import type { Activity } from '../../core/personal-day';
import { activitySql, personalDaySql } from '../db/activity';
import type { Db } from '../db/database';
import { applySocialEffects, type NewNotification } from './notification.repository';

export interface LeagueRecord {
  id: string;
  name: string;
  ownerUid: string;
  code: string;
  memberCount: number;
}

/** A member's line on a board: counts only, never a post. */
export interface StandingRow {
  uid: string;
  username: string;
  photoUrl: string;
  /** The member's own days (core/personal-day.ts) with a post (private ones too) or a diary-only entry, in the week. */
  daysLogged: number;
  currentStreak: number;
  lastPoopPosted: Date | null;
  /** Weeks this member won in this league. */
  wins: number;
}

export type JoinOutcome =
  { kind: 'joined' | 'member'; league: LeagueRecord } | { kind: 'full' } | { kind: 'no-league' } | { kind: 'too-many-joined' };

/** A person's limits (core LEAGUE_MAX_JOINED, LEAGUE_MAX_OWNED). */
export interface LeagueLimits {
  joined: number;
  owned: number;
}

/** How many leagues `uid` is in and owns, with their user row locked (two joins at once take turns). */
async function holdings(tx: Db, uid: string): Promise<{ joined: number; owned: number }> {
  await tx.execute(sql`SELECT uid FROM users WHERE uid = ${uid} FOR UPDATE`);
  const [row] = await rows<{ joined: number; owned: number }>(
    tx,
    sql`SELECT (SELECT count(*)::int FROM league_members WHERE uid = ${uid}) AS joined,
               (SELECT count(*)::int FROM leagues WHERE owner_uid = ${uid}) AS owned`,
  );
  return row ?? { joined: 0, owned: 0 };
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const leagueColumns = sql`l.id, l.name, l.owner_uid AS "ownerUid", l.code,
  (SELECT count(*)::int FROM league_members m WHERE m.league_id = l.id) AS "memberCount"`;

/**
 * The days member `m` (of users `u`) logged in [start, end) (the league's New York week): their
 * activity in it (server/db/activity.ts), one per day of their own, from the day they joined
 * (issue 61: joining after a week's end, or backdating entries, wins nothing), that day read in the
 * zone each activity's day was read in (a post made before the account recorded its zone is in New York's).
 */
function daysLoggedIn(start: Date, end: Date): SQL {
  return sql`(SELECT count(DISTINCT d.day)::int FROM ${activitySql(sql`m.uid`, { since: start, until: end })} d
    WHERE d.day >= ${personalDaySql(sql`m.joined_at`, sql`d.zone`)})`;
}

/** Leagues, their members and weeks. Joins and week closes are exact under concurrency (row locks, unique keys). */
export class LeagueRepository {
  constructor(private readonly db: Db) {}

  /** Creates the league with its owner as first member; answers the existing one when the id is taken. */
  async create(
    league: { id: string; name: string; ownerUid: string; code: string },
    limits: LeagueLimits,
    at: Date,
  ): Promise<{ created: boolean; league: LeagueRecord } | { kind: 'too-many-joined' | 'too-many-owned' }> {
    return this.db.transaction(async (tx) => {
      const [existing] = await rows<LeagueRecord>(tx, sql`SELECT ${leagueColumns} FROM leagues l WHERE l.id = ${league.id}`);
      if (existing) return { created: false, league: existing };
      const held = await holdings(tx, league.ownerUid);
      if (held.owned >= limits.owned) return { kind: 'too-many-owned' } as const;
      if (held.joined >= limits.joined) return { kind: 'too-many-joined' } as const;
      const inserted = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO leagues (id, name, owner_uid, code) VALUES (${league.id}, ${league.name}, ${league.ownerUid}, ${league.code})
            ON CONFLICT (id) DO NOTHING RETURNING id`,
      );
      if (inserted.length > 0) {
        await tx.execute(
          sql`INSERT INTO league_members (league_id, uid, joined_at) VALUES (${league.id}, ${league.ownerUid}, ${at.toISOString()}::timestamptz)`,
        );
      }
      const [row] = await rows<LeagueRecord>(tx, sql`SELECT ${leagueColumns} FROM leagues l WHERE l.id = ${league.id}`);
      return { created: inserted.length > 0, league: row! };
    });
  }

  async codeTaken(code: string): Promise<boolean> {
    return (await rows(this.db, sql`SELECT 1 FROM leagues WHERE code = ${code}`)).length > 0;
  }

  async findById(id: string): Promise<LeagueRecord | undefined> {
    const [row] = await rows<LeagueRecord>(this.db, sql`SELECT ${leagueColumns} FROM leagues l WHERE l.id = ${id}`);
    return row;
  }

  async findByCode(code: string): Promise<LeagueRecord | undefined> {
    const [row] = await rows<LeagueRecord>(this.db, sql`SELECT ${leagueColumns} FROM leagues l WHERE l.code = ${code}`);
    return row;
  }

  async isMember(leagueId: string, uid: string): Promise<boolean> {
    return (await rows(this.db, sql`SELECT 1 FROM league_members WHERE league_id = ${leagueId} AND uid = ${uid}`)).length > 0;
  }

  /** The leagues `uid` belongs to, newest joined first. */
  async listFor(uid: string): Promise<LeagueRecord[]> {
    return rows<LeagueRecord>(
      this.db,
      sql`SELECT ${leagueColumns} FROM leagues l JOIN league_members me ON me.league_id = l.id AND me.uid = ${uid}
          ORDER BY me.joined_at DESC, l.id`,
    );
  }

  /**
   * Joins by code, holding the league's row lock while counting, so concurrent joins never pass
   * `maxMembers`; joining a league one is in already answers `member`.
   */
  async join(
    code: string,
    uid: string,
    limits: { maxMembers: number; maxJoined: number; at: Date },
    notifyOwner: (joined: { league: LeagueRecord; username: string }) => NewNotification,
  ): Promise<JoinOutcome> {
    const { maxMembers, maxJoined, at } = limits;
    return this.db.transaction(async (tx) => {
      const [locked] = await rows<{ id: string }>(tx, sql`SELECT id FROM leagues WHERE code = ${code} FOR UPDATE`);
      if (!locked) return { kind: 'no-league' } as const;
      // Removed under this code: it no longer opens the league to them (a new code does).
      const removed = await rows(tx, sql`SELECT 1 FROM league_removals WHERE league_id = ${locked.id} AND uid = ${uid} AND code = ${code}`);
      if (removed.length > 0) return { kind: 'no-league' } as const;
      const already = await rows(tx, sql`SELECT 1 FROM league_members WHERE league_id = ${locked.id} AND uid = ${uid}`);
      if (already.length === 0) {
        if ((await holdings(tx, uid)).joined >= maxJoined) return { kind: 'too-many-joined' } as const;
        const [count] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM league_members WHERE league_id = ${locked.id}`);
        if ((count?.n ?? 0) >= maxMembers) return { kind: 'full' } as const;
        await tx.execute(
          sql`INSERT INTO league_members (league_id, uid, joined_at) VALUES (${locked.id}, ${uid}, ${at.toISOString()}::timestamptz)`,
        );
      }
      const [league] = await rows<LeagueRecord>(tx, sql`SELECT ${leagueColumns} FROM leagues l WHERE l.id = ${locked.id}`);
      if (already.length === 0 && league!.ownerUid !== uid) {
        const [joiner] = await rows<{ username: string }>(tx, sql`SELECT username FROM users WHERE uid = ${uid}`);
        await applySocialEffects(tx, { notification: notifyOwner({ league: league!, username: joiner?.username ?? '' }) });
      }
      return { kind: already.length === 0 ? 'joined' : 'member', league: league! } as const;
    });
  }

  /**
   * Takes `uid` out of the league. An owner who leaves hands the league to the longest-standing
   * member; the last member leaving deletes it.
   */
  async leave(leagueId: string, uid: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [league] = await rows<{ ownerUid: string }>(
        tx,
        sql`SELECT owner_uid AS "ownerUid" FROM leagues WHERE id = ${leagueId} FOR UPDATE`,
      );
      if (!league) return;
      await tx.execute(sql`DELETE FROM league_members WHERE league_id = ${leagueId} AND uid = ${uid}`);
      if (league.ownerUid !== uid) return;
      const [next] = await rows<{ uid: string }>(
        tx,
        sql`SELECT uid FROM league_members WHERE league_id = ${leagueId} ORDER BY joined_at, uid LIMIT 1`,
      );
      if (next) await tx.execute(sql`UPDATE leagues SET owner_uid = ${next.uid} WHERE id = ${leagueId}`);
      else await tx.execute(sql`DELETE FROM leagues WHERE id = ${leagueId}`);
    });
  }

  /** Removes a member (not the owner), recording the code they are not to rejoin with; answers whether they were one. */
  async removeMember(leagueId: string, uid: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const removed = await rows<{ code: string }>(
        tx,
        sql`DELETE FROM league_members m USING leagues l
            WHERE m.league_id = ${leagueId} AND m.uid = ${uid} AND l.id = m.league_id AND l.owner_uid <> m.uid RETURNING l.code`,
      );
      const [row] = removed;
      if (!row) return false;
      await tx.execute(
        sql`INSERT INTO league_removals (league_id, uid, code) VALUES (${leagueId}, ${uid}, ${row.code})
            ON CONFLICT (league_id, uid) DO UPDATE SET code = EXCLUDED.code, removed_at = now()`,
      );
      return true;
    });
  }

  async setCode(leagueId: string, code: string): Promise<void> {
    await this.db.execute(sql`UPDATE leagues SET code = ${code} WHERE id = ${leagueId}`);
  }

  /** Every member's days logged in `week` and their streak fields (never a post or its details). */
  async standings(leagueId: string, week: LeagueWeek, db: Db = this.db): Promise<StandingRow[]> {
    const found = await rows<StandingRow & { lastPoopPosted: string | Date | null }>(
      db,
      sql`SELECT u.uid, u.username, u.photo_url AS "photoUrl", u.current_streak AS "currentStreak",
                 u.last_poop_posted AS "lastPoopPosted",
                 ${daysLoggedIn(week.start, week.end)} AS "daysLogged",
                 (SELECT count(*)::int FROM league_wins w WHERE w.league_id = m.league_id AND w.uid = m.uid) AS wins
          FROM league_members m JOIN users u ON u.uid = m.uid
          WHERE m.league_id = ${leagueId}`,
    );
    return found.map((r) => ({ ...r, lastPoopPosted: r.lastPoopPosted === null ? null : new Date(r.lastPoopPosted) }));
  }

  /** The activity of the league's members before `end` (to read each streak as it stood then). */
  async postTimesBefore(leagueId: string, end: Date, db: Db = this.db): Promise<Map<string, Activity[]>> {
    const found = await rows<{ uid: string; at: string | Date; day: string }>(
      db,
      sql`SELECT m.uid, a.at, a.day FROM league_members m CROSS JOIN LATERAL ${activitySql(sql`m.uid`, { until: end })} a
          WHERE m.league_id = ${leagueId}`,
    );
    const byUid = new Map<string, Activity[]>();
    for (const row of found) byUid.set(row.uid, [...(byUid.get(row.uid) ?? []), { at: new Date(row.at), day: row.day }]);
    return byUid;
  }

  /** Leagues that existed before `end` and whose `week` is not closed yet. */
  async openLeagueIds(week: LeagueWeek): Promise<string[]> {
    const found = await rows<{ id: string }>(
      this.db,
      sql`SELECT l.id FROM leagues l WHERE l.created_at < ${week.end.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM league_weeks w WHERE w.league_id = l.id AND w.week = ${week.week}::date)`,
    );
    return found.map((r) => r.id);
  }

  /**
   * Closes `week` once: the first caller records it, picks the winners from the standings as they
   * stood (`decide`), records their wins and gives their points and notifications, all in one
   * transaction. A winner who already won this week in another league gets the win and the
   * notification but no points (one win's points a week; their user row is locked while checking).
   * Answers the winners' uids, or undefined when the week was closed already.
   */
  async closeWeek(
    leagueId: string,
    week: LeagueWeek,
    decide: (standings: StandingRow[], postTimes: Map<string, Activity[]>) => Array<{ uid: string; daysLogged: number }>,
    effects: (uid: string) => { points: number; notification: NewNotification },
  ): Promise<string[] | undefined> {
    return this.db.transaction(async (tx) => {
      const [league] = await rows(
        tx,
        sql`SELECT id FROM leagues WHERE id = ${leagueId} AND created_at < ${week.end.toISOString()}::timestamptz`,
      );
      if (!league) return undefined;
      const closed = await rows(
        tx,
        sql`INSERT INTO league_weeks (league_id, week) VALUES (${leagueId}, ${week.week}::date) ON CONFLICT DO NOTHING RETURNING week`,
      );
      if (closed.length === 0) return undefined;
      const winners = decide(await this.standings(leagueId, week, tx), await this.postTimesBefore(leagueId, week.end, tx));
      for (const winner of winners) {
        await tx.execute(sql`SELECT uid FROM users WHERE uid = ${winner.uid} FOR UPDATE`);
        const wonElsewhere = await rows(
          tx,
          sql`SELECT 1 FROM league_wins WHERE uid = ${winner.uid} AND week = ${week.week}::date AND league_id <> ${leagueId}`,
        );
        await tx.execute(
          sql`INSERT INTO league_wins (league_id, week, uid, days_logged) VALUES (${leagueId}, ${week.week}::date, ${winner.uid}, ${winner.daysLogged})`,
        );
        const { points, notification } = effects(winner.uid);
        await applySocialEffects(tx, { points: { uid: winner.uid, delta: wonElsewhere.length > 0 ? 0 : points }, notification });
      }
      return winners.map((w) => w.uid);
    });
  }

  /** The league's latest closed week and its winners (none when it had too few active members). */
  async lastClosedWeek(leagueId: string): Promise<{ week: string; uids: string[] } | undefined> {
    const found = await rows<{ week: string; uid: string | null }>(
      this.db,
      sql`SELECT to_char(c.week, 'YYYY-MM-DD') AS week, w.uid
          FROM (SELECT max(week) AS week FROM league_weeks WHERE league_id = ${leagueId}) c
          LEFT JOIN league_wins w ON w.league_id = ${leagueId} AND w.week = c.week
          WHERE c.week IS NOT NULL ORDER BY w.uid`,
    );
    if (found.length === 0) return undefined;
    return { week: found[0]!.week, uids: found.flatMap((r) => (r.uid === null ? [] : [r.uid])) };
  }
}

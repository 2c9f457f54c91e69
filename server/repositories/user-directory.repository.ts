import { STREAK_WINDOW_HOURS } from '../../core/constants';
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { UidPosition } from '../../core/uid-cursor';
import type { Db } from '../db/database';
import { follows, users } from '../db/schema';

/** What lists of users show of each (see services/user.mapper.ts toPublicUser). */
export interface PublicUserRow {
  uid: string;
  username: string;
  photoUrl: string;
  premium: boolean;
  subscriptionStatus: string;
  admin: boolean;
  followers: number;
  followings: number;
  currentStreak: number;
  longestStreak: number;
  lastPoopPosted: Date | null;
  /** Freezes keep a streak past the window until then (issue 44). */
  streakKeptUntil: Date | null;
  isFollowing: boolean;
}

export interface FollowListRow extends PublicUserRow {
  /** When the follow was made, to millisecond precision (the page position). */
  followedAt: Date;
}

function followedBy(viewerUid: string | undefined): SQL<boolean> {
  if (viewerUid === undefined) return sql<boolean>`false`;
  // Qualified by hand: inside a subquery drizzle's unqualified columns could bind to the wrong table.
  return sql<boolean>`EXISTS (SELECT 1 FROM follows AS my_follow WHERE my_follow.follower_uid = ${viewerUid} AND my_follow.followee_uid = users.uid)`;
}

function publicColumns(viewerUid: string | undefined) {
  const {
    uid,
    username,
    photoUrl,
    premium,
    subscriptionStatus,
    admin,
    followers,
    followings,
    currentStreak,
    longestStreak,
    lastPoopPosted,
    streakKeptUntil,
  } = getTableColumns(users);
  return {
    uid,
    username,
    photoUrl,
    premium,
    subscriptionStatus,
    admin,
    followers,
    followings,
    currentStreak,
    longestStreak,
    lastPoopPosted,
    streakKeptUntil,
    isFollowing: followedBy(viewerUid),
  };
}

/** Escapes LIKE's wildcards so a typed '%' or '_' matches itself. */
function likeEscaped(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function likePrefix(term: string): string {
  return `${likeEscaped(term)}%`;
}

/** A LIKE pattern for names containing `term` anywhere. */
function likeContains(term: string): string {
  return `%${likeEscaped(term)}%`;
}

/** Reading users for user pages, follow lists, leaderboards and search. */
export class UserDirectoryRepository {
  constructor(private readonly db: Db) {}

  async findPublic(uid: string, viewerUid?: string): Promise<PublicUserRow | undefined> {
    const [row] = await this.db.select(publicColumns(viewerUid)).from(users).where(eq(users.uid, uid)).limit(1);
    return row;
  }

  /**
   * Who follows `uid` (side 'followers') or whom `uid` follows ('followings'), latest follow
   * first, keyset by (follow time in ms, uid).
   */
  async followList(options: {
    uid: string;
    side: 'followers' | 'followings';
    after?: UidPosition;
    limit: number;
    viewerUid?: string;
  }): Promise<FollowListRow[]> {
    const mine = options.side === 'followers' ? follows.followeeUid : follows.followerUid;
    const theirs = options.side === 'followers' ? follows.followerUid : follows.followeeUid;
    const at = sql`date_trunc('milliseconds', ${follows.createdAt})`;
    const after = options.after
      ? sql`(${at}, ${users.uid}) < (${new Date(options.after.at).toISOString()}::timestamptz, ${options.after.uid})`
      : undefined;
    return this.db
      .select({ ...publicColumns(options.viewerUid), followedAt: sql<Date>`${at}`.mapWith(follows.createdAt) })
      .from(follows)
      .innerJoin(users, eq(users.uid, theirs))
      .where(and(eq(mine, options.uid), after))
      .orderBy(desc(at), desc(users.uid))
      .limit(options.limit);
  }

  /** Ordered by followers (spec: most-followed users), ties by uid. */
  async mostFollowed(limit: number, viewerUid?: string): Promise<PublicUserRow[]> {
    return this.db.select(publicColumns(viewerUid)).from(users).orderBy(desc(users.followers), asc(users.uid)).limit(limit);
  }

  /**
   * Ordered by the current streak as it reads at `aliveSince`'s moment: a streak whose last
   * post is older than `aliveSince` counts 0, so lapsed streaks never top the board. Ties by
   * longest streak, then uid.
   */
  async bestCurrentStreaks(aliveSince: Date, limit: number, viewerUid?: string): Promise<PublicUserRow[]> {
    // A streak kept by freezes (issue 44) lives until streak_kept_until, which is the window after the last post or later.
    const now = new Date(aliveSince.getTime() + STREAK_WINDOW_HOURS * 3_600_000).toISOString();
    const effective = sql`CASE WHEN ${users.lastPoopPosted} >= ${aliveSince.toISOString()}::timestamptz OR ${users.streakKeptUntil} >= ${now}::timestamptz THEN ${users.currentStreak} ELSE 0 END`;
    return this.db
      .select(publicColumns(viewerUid))
      .from(users)
      .orderBy(desc(effective), desc(users.longestStreak), asc(users.uid))
      .limit(limit);
  }

  /** Ordered by longest streak, ties by uid. */
  async bestLongestStreaks(limit: number, viewerUid?: string): Promise<PublicUserRow[]> {
    return this.db.select(publicColumns(viewerUid)).from(users).orderBy(desc(users.longestStreak), asc(users.uid)).limit(limit);
  }

  /**
   * Users whose lowercased name starts with `term` (first, alphabetically), then those whose name
   * contains one of `variants` (the term with a slip undone), then those whose name is similar to
   * it (pg_trgm word similarity at least `threshold`); most similar first within each. Every LIKE
   * can use the trigram index.
   */
  async search(term: string, variants: readonly string[], threshold: number, limit: number, viewerUid?: string): Promise<PublicUserRow[]> {
    const prefix = sql`${users.usernameSearchable} LIKE ${likePrefix(term)} ESCAPE '\\'`;
    const typo =
      variants.length === 0
        ? sql`false`
        : sql.join(
            variants.map((variant) => sql`${users.usernameSearchable} LIKE ${likeContains(variant)} ESCAPE '\\'`),
            sql` OR `,
          );
    const similarity = sql`public.word_similarity(${term}, ${users.usernameSearchable})`;
    return (
      this.db
        .select(publicColumns(viewerUid))
        .from(users)
        .where(sql`(${prefix}) OR (${typo}) OR ${similarity} >= ${threshold}`)
        // Without variants `typo` is the constant false, which ORDER BY refuses (a non-integer constant).
        .orderBy(
          desc(prefix),
          ...(variants.length === 0 ? [] : [desc(sql`(${typo})`)]),
          desc(similarity),
          asc(users.usernameSearchable),
          asc(users.uid),
        )
        .limit(limit)
    );
  }
}

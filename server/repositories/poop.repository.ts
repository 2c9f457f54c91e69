import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { KeysetPosition } from '../../core/keyset-cursor';
import type { StreakReport, StreakState } from '../../core/streak';
import type { Activity } from '../../core/personal-day';
import type { Db } from '../db/database';
import { approvedPoopSql, publicPoopSql } from '../db/poop-visibility';
import { healthEntries, mapHiddenCells, poops, users, type NewPoopRow, type PoopRow } from '../db/schema';
import { activities } from './diary.repository';
import { freezesBought, saveStreakReport } from './streak.repository';

export interface PoopWithLike extends PoopRow {
  likedByMe: boolean;
}

/** The columns a list shows (the public shape): no moderation fields, no storage key. */
const LIST_COLUMNS = {
  id: poops.id,
  uid: poops.uid,
  username: poops.username,
  userPhotoUrl: poops.userPhotoUrl,
  isUserPremium: poops.isUserPremium,
  type: poops.type,
  title: poops.title,
  description: poops.description,
  status: poops.status,
  placeholder: poops.placeholder,
  width: poops.width,
  height: poops.height,
  likes: poops.likes,
  comments: poops.comments,
  geohash: poops.geohash,
  latitude: poops.latitude,
  longitude: poops.longitude,
  placeName: poops.placeName,
  createdDate: poops.createdDate,
  modifiedDate: poops.modifiedDate,
  isCompleted: poops.isCompleted,
  verified: poops.verified,
  deleted: poops.deleted,
  private: poops.private,
  showInMap: poops.showInMap,
  placeHidden: poops.placeHidden,
};

/** A post as lists carry it, with whether the viewer liked it. */
export type PoopListRow = { [K in keyof typeof LIST_COLUMNS]: PoopRow[K] } & { likedByMe: boolean };

/** The author fields a new post copies (denormalised) and the streak it moves. */
export interface PoopAuthor extends StreakState {
  uid: string;
  email: string;
  username: string;
  photoUrl: string;
  premium: boolean;
  subscriptionStatus: string;
  admin: boolean;
  /** The account's recorded zone (null until recorded): the new post's day is counted in it (core/personal-day.ts). */
  timeZone: string | null;
  /** When the account was created: a post dated before its first day earns nothing (core/personal-day.ts `countsForAccount`). */
  createdAt: Date;
}

/** What a new post is built from: the author's earlier posts (deleted ones too) and hidden cells. */
export interface PostHistory {
  /** The author's earlier posts and diary-only entries (issue 43: those count for the streak too), each with its day. */
  activities: Activity[];
  /** When each of the author's freezes was bought (the streak is computed with them). */
  freezesBought: Date[];
  /** One per earlier post, '' for a post without a place. */
  geohashes: string[];
  hiddenCells: string[];
}

/** A new post's health details: the row but what the post gives it (author, post id, time). */
export type NewHealthEntry = Omit<typeof healthEntries.$inferInsert, 'uid' | 'poopId' | 'occurredAt'>;

export type InsertPostOutcome = { kind: 'inserted'; row: PoopRow } | { kind: 'exists'; row: PoopRow } | { kind: 'no-author' };

/** The columns that decide who may see a post, and where its images are. */
export type PoopAccessRow = Pick<PoopRow, 'id' | 'uid' | 'status' | 'deleted' | 'private' | 'verified' | 'imageKey'>;

export type PoopPatch = Partial<Pick<PoopRow, 'title' | 'description' | 'type' | 'status' | 'private' | 'showInMap'>>;

const PUBLIC = publicPoopSql();

/**
 * Whether the viewer liked the row. Spelled out with qualified names: drizzle leaves columns
 * unqualified in single-table queries, which inside a subquery could bind to the wrong table.
 */
function likedBy(withViewer: boolean): SQL<boolean> {
  if (!withViewer) return sql<boolean>`false`;
  return sql<boolean>`EXISTS (SELECT 1 FROM likes AS my_like WHERE my_like.poop_id = poops.id AND my_like.uid = ${sql.placeholder('viewer')})`;
}

/** Rows strictly after the `at`/`afterId` placeholders in (modified_date DESC, id DESC) order: the keyset condition. */
function before(withCursor: boolean): SQL | undefined {
  if (!withCursor) return undefined;
  return sql`(${poops.modifiedDate}, ${poops.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`;
}

/** The placeholder values of a list query (its LIMIT is in its text, see `orderAndLimit`). */
function listParams(options: { after?: KeysetPosition; viewerUid?: string }): Record<string, unknown> {
  return {
    viewer: options.viewerUid,
    at: options.after ? new Date(options.after.at).toISOString() : undefined,
    afterId: options.after?.id,
  };
}

/**
 * ORDER BY `order` and a LIMIT written into the statement's text. Bound as a parameter, the LIMIT
 * made PostgreSQL plan each call of a prepared list again: a generic plan guesses a tenth of the
 * table for `LIMIT $n`, far costlier than the custom plan for 6 rows, so the plan cache kept choosing
 * custom plans (pg_prepared_statements: custom_plans only, generic_plans 0), and the planning took
 * longer than the read. With a constant the generic plan is the same plan, kept after five calls.
 * drizzle's `.limit()` binds a number as a parameter, hence the clause here; one statement per limit.
 */
function orderAndLimit(order: SQL[], limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad list limit ${limit}`);
  return sql`${sql.join(order, sql`, `)} limit ${sql.raw(String(limit))}`;
}

type Prepared<T> = PgPreparedQuery<PreparedQueryConfig & { execute: T }>;

export class PoopRepository {
  /**
   * Prepared statements, built on first use per shape (with or without a viewer, a cursor...):
   * drizzle builds the SQL text once, and on PostgreSQL each pooled connection parses it once.
   */
  private readonly prepared = new Map<string, Prepared<unknown>>();

  constructor(private readonly db: Db) {}

  private statement<T>(key: string, build: () => { prepare(name: string): Prepared<T> }): Prepared<T> {
    let statement = this.prepared.get(key) as Prepared<T> | undefined;
    if (!statement) {
      statement = build().prepare(`poops_${key}`);
      this.prepared.set(key, statement);
    }
    return statement;
  }

  /** The list columns with whether the viewer liked each post, at most `limit` rows (`orderAndLimit`). */
  private selectList(withViewer: boolean, where: SQL | undefined, order: SQL[], limit: number) {
    return this.db
      .select({ ...LIST_COLUMNS, likedByMe: likedBy(withViewer) })
      .from(poops)
      .where(where)
      .orderBy(orderAndLimit(order, limit));
  }

  async findById(id: string, viewerUid?: string): Promise<PoopWithLike | undefined> {
    const withViewer = viewerUid !== undefined;
    const statement = this.statement<PoopWithLike[]>(`by_id_${withViewer ? 'v' : 'a'}`, () =>
      this.db
        .select({ ...getTableColumns(poops), likedByMe: likedBy(withViewer) })
        .from(poops)
        .where(eq(poops.id, sql.placeholder('id')))
        .limit(1),
    );
    const [row] = await statement.execute({ id, viewer: viewerUid });
    return row;
  }

  async findAccess(id: string): Promise<PoopAccessRow | undefined> {
    const statement = this.statement<PoopAccessRow[]>('access', () =>
      this.db
        .select({
          id: poops.id,
          uid: poops.uid,
          status: poops.status,
          deleted: poops.deleted,
          private: poops.private,
          verified: poops.verified,
          imageKey: poops.imageKey,
        })
        .from(poops)
        .where(eq(poops.id, sql.placeholder('id')))
        .limit(1),
    );
    const [row] = await statement.execute({ id });
    return row;
  }

  /** Public posts, newest modification first (uses poops_feed_idx): the feed's read. */
  async listPublic(options: { after?: KeysetPosition; limit: number; viewerUid?: string }): Promise<PoopListRow[]> {
    const withViewer = options.viewerUid !== undefined;
    const withCursor = options.after !== undefined;
    const statement = this.statement<PoopListRow[]>(`feed_${withViewer ? 'v' : 'a'}${withCursor ? 'c' : ''}_${options.limit}`, () =>
      this.selectList(withViewer, and(PUBLIC, before(withCursor)), [desc(poops.modifiedDate), desc(poops.id)], options.limit),
    );
    return statement.execute(listParams(options));
  }

  /** A user's approved posts; their private ones too when `includePrivate` (uses poops_user_idx). */
  async listByUser(options: {
    uid: string;
    includePrivate: boolean;
    after?: KeysetPosition;
    limit: number;
    viewerUid?: string;
  }): Promise<PoopListRow[]> {
    const withViewer = options.viewerUid !== undefined;
    const withCursor = options.after !== undefined;
    const key = `user_${withViewer ? 'v' : 'a'}${withCursor ? 'c' : ''}${options.includePrivate ? 'p' : ''}_${options.limit}`;
    const statement = this.statement<PoopListRow[]>(key, () =>
      this.selectList(
        withViewer,
        and(eq(poops.uid, sql.placeholder('uid')), options.includePrivate ? approvedPoopSql() : PUBLIC, before(withCursor)),
        [desc(poops.modifiedDate), desc(poops.id)],
        options.limit,
      ),
    );
    return statement.execute({ ...listParams(options), uid: options.uid });
  }

  /** Public posts by likes (uses poops_most_liked_idx). */
  async mostLiked(limit: number, viewerUid?: string): Promise<PoopListRow[]> {
    const withViewer = viewerUid !== undefined;
    const statement = this.statement<PoopListRow[]>(`most_liked_${withViewer ? 'v' : 'a'}_${limit}`, () =>
      this.selectList(withViewer, PUBLIC, [desc(poops.likes), desc(poops.id)], limit),
    );
    return statement.execute(listParams({ viewerUid }));
  }

  async isAdmin(uid: string): Promise<boolean> {
    const [row] = await this.db.select({ admin: users.admin }).from(users).where(eq(users.uid, uid)).limit(1);
    return row?.admin ?? false;
  }

  /**
   * In one transaction: locks the author (so two posts of one user move the streak and their
   * hidden cells one after the other), reads the times and places of all their posts (deleted ones
   * too: a post counts for the day it was made, and for where it was made) and their hidden cells,
   * builds the row and the new streak (freezes included) from them, inserts the post unless its id is taken, saves the
   * streak and the points it earned, and hides the cell `build` names (with the author's posts in it).
   * A taken id answers the stored row and changes nothing.
   */
  async insertPost(
    uid: string,
    build: (
      author: PoopAuthor,
      history: PostHistory,
    ) => {
      poop: NewPoopRow;
      /** The new streak to store; left out, the stored one stays. */ streak?: StreakReport;
      points?: number;
      hideCell?: string;
      health?: NewHealthEntry;
    },
  ): Promise<InsertPostOutcome> {
    return this.db.transaction(async (tx) => {
      const [author] = await tx
        .select({
          uid: users.uid,
          email: users.email,
          username: users.username,
          photoUrl: users.photoUrl,
          premium: users.premium,
          subscriptionStatus: users.subscriptionStatus,
          admin: users.admin,
          currentStreak: users.currentStreak,
          longestStreak: users.longestStreak,
          lastPoopPosted: users.lastPoopPosted,
          timeZone: users.timeZone,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.uid, uid))
        .for('update');
      if (!author) return { kind: 'no-author' } as const;
      const posts = await tx.select({ geohash: poops.geohash }).from(poops).where(eq(poops.uid, uid));
      const hidden = await tx.select({ cell: mapHiddenCells.cell }).from(mapHiddenCells).where(eq(mapHiddenCells.uid, uid));
      const {
        poop,
        streak,
        points = 0,
        hideCell,
        health,
      } = build(author, {
        activities: await activities(tx, uid),
        freezesBought: await freezesBought(tx, uid),
        geohashes: posts.map((row) => row.geohash),
        hiddenCells: hidden.map((row) => row.cell),
      });
      const [inserted] = await tx.insert(poops).values(poop).onConflictDoNothing({ target: poops.id }).returning();
      if (!inserted) {
        const [existing] = await tx.select().from(poops).where(eq(poops.id, poop.id)).limit(1);
        if (!existing) throw new Error(`poop ${poop.id} conflicted but cannot be read`);
        return { kind: 'exists', row: existing } as const;
      }
      // The post's private details (issue 43), in the same transaction: both or neither.
      if (health) {
        await tx
          .insert(healthEntries)
          .values({ ...health, uid, poopId: inserted.id, occurredAt: inserted.createdDate, timeZone: inserted.timeZone });
      }
      // The streak with its freezes, once, and the points from that same result.
      if (streak) await saveStreakReport(tx, uid, streak);
      await tx
        .update(users)
        .set({
          accumulatedPoints: sql`${users.accumulatedPoints} + ${points}`,
          currentPoints: sql`${users.currentPoints} + ${points}`,
        })
        .where(eq(users.uid, uid));
      if (hideCell !== undefined) {
        await tx.insert(mapHiddenCells).values({ uid, cell: hideCell }).onConflictDoNothing();
        await tx
          .update(poops)
          .set({ placeHidden: true })
          .where(and(eq(poops.uid, uid), eq(poops.placeHidden, false), sql`left(${poops.geohash}, ${hideCell.length}) = ${hideCell}`));
      }
      return { kind: 'inserted', row: inserted } as const;
    });
  }

  async update(id: string, patch: PoopPatch, modifiedDate: Date): Promise<void> {
    await this.db
      .update(poops)
      .set({ ...patch, modifiedDate })
      .where(eq(poops.id, id));
  }

  /**
   * Soft delete (spec section 4): the row stays, flagged, with a new modifiedDate. The post's
   * private health details (issue 43) go at once, in the same transaction: nothing brings a
   * deleted post back, so nothing would ever read them again.
   */
  async softDelete(id: string, modifiedDate: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(poops)
        .set({ deleted: true, modifiedDate })
        .where(and(eq(poops.id, id), eq(poops.deleted, false)));
      await tx.delete(healthEntries).where(eq(healthEntries.poopId, id));
    });
  }
}

import { and, desc, eq, fillPlaceholders, getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { KeysetPosition } from '../../core/keyset-cursor';
import type { StreakState } from '../../core/streak';
import type { Database, Db, PreparedStatement, PreparedValue } from '../db/database';
import { arrayLiteral, ReadBatcher } from '../db/read-batch';
import { mapHiddenCells, poops, users, type NewPoopRow, type PoopRow } from '../db/schema';

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

/** A boolean's text: 't' on the wire, 'true' cast to text (`boolean::text`). */
const isTrue = (text: unknown) => text === 't' || text === 'true';

/** Decodes a column's value from Postgres' text format, as its drizzle column would from the driver's. */
function textDecoder(column: Column): (text: string) => unknown {
  const dataType: string = column.dataType;
  switch (dataType) {
    case 'boolean':
      return isTrue;
    // Numbers and dates: drizzle's own mapping parses the text (integer, double precision, timestamptz).
    case 'number':
    case 'date':
    case 'string':
      return (text) => column.mapFromDriverValue(text);
    default:
      throw new Error(`no text decoder for the ${dataType} column ${column.name}`);
  }
}

/** The list columns in the select's order, each with its decoder. */
const LIST_DECODERS = Object.entries(LIST_COLUMNS).map(([key, column]) => [key, textDecoder(column)] as const);

/**
 * A list row from the text values the database answers (LIST_COLUMNS' order, then likedByMe unless
 * given), as the wire's text fields or as the elements of a text array (`feedBatchStatement`).
 */
function toListRow(values: unknown[], likedByMe = isTrue(values[LIST_DECODERS.length])): PoopListRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < LIST_DECODERS.length; i++) {
    const [key, decode] = LIST_DECODERS[i]!;
    const value = values[i];
    row[key] = typeof value === 'string' ? decode(value) : null;
  }
  row.likedByMe = likedByMe;
  return row as PoopListRow;
}

/** The list columns as the batched feed read selects them from its `p` (poops) row, each as its text. */
const LIST_SELECT_TEXT = Object.values(LIST_COLUMNS)
  .map((column) => `p."${column.name}"::text`)
  .join(', ');

/** What one feed read binds: the keyset position it starts after (ISO time and id) and its viewer, each null when its shape has none. */
interface FeedRead {
  at: string | null;
  afterId: string | null;
  viewer: string | null;
}

/**
 * The feed read of a batch (ReadBatcher): one row of `r` per read (its keyset position, viewer and
 * ordinal `n`), each with its own page of poops_feed_idx, LIMIT rows, the same rows and order as
 * `listPublic` reads alone. A read's page comes back as one JSON array of rows (NULL for an empty
 * page), each row the text array of the list columns, and, with a viewer, a JSON array of whether
 * they liked each: a field or two per read for the driver to take apart and a `JSON.parse` each,
 * where a row per post cost the driver a text field per column (156 a page), the larger part of the
 * feed's time in Node. Only the transport changes: the values are the columns' texts, decoded by
 * `toListRow` as any list's are. (Arrays of text, not `json_build_array` of the columns: turning
 * each value into JSON by its type made a batch of 16 signed-in reads take about 1.0 ms to answer
 * instead of 0.75, time every read of the batch waits.) The page is apart from the viewer's likes
 * so that reads without a cursor, whose page is the same, let PostgreSQL read it once per statement
 * (as it did for visitors), with only the likes read per viewer.
 */
function feedBatchStatement(withViewer: boolean, withCursor: boolean, limit: number): PreparedStatement {
  const inputs: string[] = [];
  const columns: string[] = [];
  if (withCursor) {
    inputs.push(`$${inputs.length + 1}::timestamptz[]`, `$${inputs.length + 2}::uuid[]`);
    columns.push('at', 'after_id');
  }
  if (withViewer) {
    inputs.push(`$${inputs.length + 1}::text[]`);
    columns.push('viewer');
  }
  // Without a cursor or a viewer a read has no parameter of its own: only how many there are.
  const source =
    inputs.length > 0
      ? `unnest(${inputs.join(', ')}) WITH ORDINALITY AS r(${columns.join(', ')}, n)`
      : `generate_series(1, $1::int) AS r(n)`;
  const liked = withViewer
    ? `(SELECT json_agg(EXISTS (SELECT 1 FROM likes AS my_like WHERE my_like.poop_id = i.id AND my_like.uid = r.viewer) ORDER BY i.k)
        FROM unnest(page.ids) WITH ORDINALITY AS i(id, k))`
    : 'NULL';
  const keyset = withCursor ? 'AND (p.modified_date, p.id) < (r.at, r.after_id)' : '';
  const order = 'ORDER BY p.modified_date DESC, p.id DESC';
  return {
    name: `poops_feed_batch_${withViewer ? 'v' : 'a'}${withCursor ? 'c' : ''}_${limit}`,
    text: `SELECT r.n, page.rows, ${liked} FROM ${source} CROSS JOIN LATERAL (
      SELECT json_agg(ARRAY[${LIST_SELECT_TEXT}] ${order}) AS rows, array_agg(p.id ${order}) AS ids FROM (
        SELECT * FROM poops AS p WHERE p.status = 'approved' AND NOT p.deleted AND NOT p.private ${keyset} ${order} LIMIT ${limit}) AS p
    ) AS page
    ORDER BY r.n`,
  };
}

/** A list query ready to run: its text and the parameters (values or placeholders) drizzle made of it. */
interface ListStatement extends PreparedStatement {
  params: unknown[];
}

/** The author fields a new post copies (denormalised) and the streak it moves. */
export interface PoopAuthor extends StreakState {
  uid: string;
  email: string;
  username: string;
  photoUrl: string;
  premium: boolean;
  subscriptionStatus: string;
  admin: boolean;
}

/** What a new post is built from: the author's earlier posts (deleted ones too) and hidden cells. */
export interface PostHistory {
  postTimes: Date[];
  /** One per earlier post, '' for a post without a place. */
  geohashes: string[];
  hiddenCells: string[];
}

export type InsertPostOutcome = { kind: 'inserted'; row: PoopRow } | { kind: 'exists'; row: PoopRow } | { kind: 'no-author' };

/** The columns that decide who may see a post, and where its images are. */
export type PoopAccessRow = Pick<PoopRow, 'id' | 'uid' | 'status' | 'deleted' | 'private' | 'verified' | 'imageKey'>;

export type PoopPatch = Partial<Pick<PoopRow, 'title' | 'description' | 'type' | 'status' | 'private' | 'showInMap'>>;

const PUBLIC = sql`${poops.status} = 'approved' AND NOT ${poops.deleted} AND NOT ${poops.private}`;

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

/** The placeholder values of a list query (the limit is in its text). */
function listParams(options: { after?: KeysetPosition; viewerUid?: string }): Record<string, unknown> {
  return {
    viewer: options.viewerUid,
    at: options.after ? new Date(options.after.at).toISOString() : undefined,
    afterId: options.after?.id,
  };
}

type Prepared<T> = PgPreparedQuery<PreparedQueryConfig & { execute: T }>;

export class PoopRepository {
  /**
   * Prepared statements, built on first use per shape (with or without a viewer, a cursor...):
   * the SQL text is built once and PostgreSQL plans it once per connection.
   */
  private readonly prepared = new Map<string, Prepared<unknown>>();
  /** The lists (feed, a user's posts, most liked): run as prepared reads, see `list`. */
  private readonly lists = new Map<string, ListStatement>();
  private readonly db: Db;
  /** Feed reads asked for together, sent as one statement (see `listPublic`). */
  private readonly feedReads = new ReadBatcher<FeedRead, PoopListRow[]>((shape, reads) => this.readFeedBatch(shape, reads));

  constructor(private readonly database: Pick<Database, 'db' | 'queryPrepared'>) {
    this.db = database.db;
  }

  private statement<T>(key: string, build: () => { prepare(name: string): Prepared<T> }): Prepared<T> {
    let statement = this.prepared.get(key) as Prepared<T> | undefined;
    if (!statement) {
      statement = build().prepare(`poops_${key}`);
      this.prepared.set(key, statement);
    }
    return statement;
  }

  private selectList(withViewer: boolean) {
    return this.db.select({ ...LIST_COLUMNS, likedByMe: likedBy(withViewer) }).from(poops);
  }

  /**
   * A list read, the hot path of the feed. Its SQL is built once per shape by drizzle and run as a
   * prepared read (`Database.queryPrepared`) with the LIMIT written into the text: a bound LIMIT is
   * estimated at a tenth of the table, so a generic plan (which queryPrepared forces) would not be
   * the plan this read needs; with a constant one it is. Rows are decoded by the columns'
   * text by the columns' decoders, without drizzle's per-row query machinery.
   */
  private async list(
    key: string,
    limit: number,
    build: () => { toSQL(): { sql: string; params: unknown[] } },
    values: Record<string, unknown>,
  ): Promise<PoopListRow[]> {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad list limit ${limit}`);
    const name = `poops_${key}_${limit}`;
    let statement = this.lists.get(name);
    if (!statement) {
      const query = build().toSQL();
      statement = { name, text: `${query.sql} limit ${limit}`, params: query.params };
      this.lists.set(name, statement);
    }
    const rows = await this.database.queryPrepared(statement, fillPlaceholders(statement.params, values) as PreparedValue[]);
    return rows.map((values) => toListRow(values));
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

  /**
   * Public posts, newest modification first (uses poops_feed_idx). The feed's hot read: reads of one
   * shape (viewer or not, cursor or not, limit) asked for in the same turn of the event loop go to
   * the database as one statement (`ReadBatcher`, `feedBatchStatement`), each still read in full.
   */
  async listPublic(options: { after?: KeysetPosition; limit: number; viewerUid?: string }): Promise<PoopListRow[]> {
    const { after, limit, viewerUid } = options;
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad list limit ${limit}`);
    const shape = `${viewerUid !== undefined ? 'v' : 'a'}${after !== undefined ? 'c' : ''}_${limit}`;
    return this.feedReads.load(shape, {
      at: after ? new Date(after.at).toISOString() : null,
      afterId: after?.id ?? null,
      viewer: viewerUid ?? null,
    });
  }

  private async readFeedBatch(shape: string, reads: FeedRead[]): Promise<PoopListRow[][]> {
    const [flags = '', limitText = ''] = shape.split('_');
    const withViewer = flags.startsWith('v');
    const withCursor = flags.endsWith('c');
    const statement = feedBatchStatement(withViewer, withCursor, Number(limitText));
    const values: PreparedValue[] = [];
    if (withCursor) values.push(arrayLiteral(reads.map((read) => read.at)), arrayLiteral(reads.map((read) => read.afterId)));
    if (withViewer) values.push(arrayLiteral(reads.map((read) => read.viewer)));
    if (values.length === 0) values.push(reads.length);
    const pages: PoopListRow[][] = reads.map(() => []);
    // Reads of the same page (the first, most of all) answer the same text: decoded once per
    // statement, each read with its own copy of the rows and its viewer's likes.
    const decoded = new Map<string, PoopListRow[]>();
    for (const [n, rows, liked] of await this.database.queryPrepared(statement, values)) {
      if (typeof rows !== 'string') continue;
      const likedByMe = typeof liked === 'string' ? (JSON.parse(liked) as boolean[]) : [];
      let page = decoded.get(rows);
      if (!page) {
        page = (JSON.parse(rows) as unknown[][]).map((cells) => toListRow(cells, false));
        decoded.set(rows, page);
      }
      pages[Number(n) - 1] = page.map((row, i) => ({ ...row, likedByMe: likedByMe[i] === true }));
    }
    return pages;
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
    const key = `user_${withViewer ? 'v' : 'a'}${withCursor ? 'c' : ''}${options.includePrivate ? 'p' : ''}`;
    return this.list(
      key,
      options.limit,
      () =>
        this.selectList(withViewer)
          .where(
            and(
              eq(poops.uid, sql.placeholder('uid')),
              sql`${poops.status} = 'approved' AND NOT ${poops.deleted}`,
              options.includePrivate ? undefined : sql`NOT ${poops.private}`,
              before(withCursor),
            ),
          )
          .orderBy(desc(poops.modifiedDate), desc(poops.id)),
      { ...listParams(options), uid: options.uid },
    );
  }

  /** Public posts by likes (uses poops_most_liked_idx). */
  async mostLiked(limit: number, viewerUid?: string): Promise<PoopListRow[]> {
    const withViewer = viewerUid !== undefined;
    return this.list(
      `most_liked_${withViewer ? 'v' : 'a'}`,
      limit,
      () => this.selectList(withViewer).where(PUBLIC).orderBy(desc(poops.likes), desc(poops.id)),
      { viewer: viewerUid },
    );
  }

  async isAdmin(uid: string): Promise<boolean> {
    const [row] = await this.db.select({ admin: users.admin }).from(users).where(eq(users.uid, uid)).limit(1);
    return row?.admin ?? false;
  }

  /**
   * In one transaction: locks the author (so two posts of one user move the streak and their
   * hidden cells one after the other), reads the times and places of all their posts (deleted ones
   * too: a post counts for the day it was made, and for where it was made) and their hidden cells,
   * builds the row and the new streak from them, inserts the post unless its id is taken, saves the
   * streak and the points it earned, and hides the cell `build` names (with the author's posts in it).
   * A taken id answers the stored row and changes nothing.
   */
  async insertPost(
    uid: string,
    build: (author: PoopAuthor, history: PostHistory) => { poop: NewPoopRow; streak: StreakState; points?: number; hideCell?: string },
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
        })
        .from(users)
        .where(eq(users.uid, uid))
        .for('update');
      if (!author) return { kind: 'no-author' } as const;
      const posts = await tx.select({ at: poops.createdDate, geohash: poops.geohash }).from(poops).where(eq(poops.uid, uid));
      const hidden = await tx.select({ cell: mapHiddenCells.cell }).from(mapHiddenCells).where(eq(mapHiddenCells.uid, uid));
      const {
        poop,
        streak,
        points = 0,
        hideCell,
      } = build(author, {
        postTimes: posts.map((row) => row.at),
        geohashes: posts.map((row) => row.geohash),
        hiddenCells: hidden.map((row) => row.cell),
      });
      const [inserted] = await tx.insert(poops).values(poop).onConflictDoNothing({ target: poops.id }).returning();
      if (!inserted) {
        const [existing] = await tx.select().from(poops).where(eq(poops.id, poop.id)).limit(1);
        if (!existing) throw new Error(`poop ${poop.id} conflicted but cannot be read`);
        return { kind: 'exists', row: existing } as const;
      }
      await tx
        .update(users)
        .set({
          currentStreak: streak.currentStreak,
          longestStreak: streak.longestStreak,
          lastPoopPosted: streak.lastPoopPosted,
          accumulatedPoints: sql`${users.accumulatedPoints} + ${points}`,
          currentPoints: sql`${users.currentPoints} + ${points}`,
          updatedAt: sql`now()`,
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

  /** Soft delete (spec section 4): the row stays, flagged, with a new modifiedDate. */
  async softDelete(id: string, modifiedDate: Date): Promise<void> {
    await this.db
      .update(poops)
      .set({ deleted: true, modifiedDate })
      .where(and(eq(poops.id, id), eq(poops.deleted, false)));
  }
}

import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray, is, sql, SQL, type WithSubquery } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { KeysetPosition } from '../../core/keyset-cursor';
import { KINDS_OUTSIDE_THE_BELL, type NotificationKind, type NotificationParams } from '../../core/notification-kinds';
import type { Db } from '../db/database';
import { visiblePoopSql } from '../db/poop-visibility';
import { comments, notifications, poops, users, type NotificationRow } from '../db/schema';

/** A notification to write alongside the action that caused it. */
export interface NewNotification {
  uid: string;
  kind: NotificationKind;
  params: NotificationParams;
  link: string;
  /** Who did it; null when the doer stays unnamed (a moderator's decision). */
  actorUid: string | null;
  poopId: string | null;
  /** The comment it is about (poop_commented, comment_liked); absent otherwise. */
  commentId?: string | null;
  /** Same key for the same event: a second write of it is ignored. */
  dedupeKey: string;
  createdDate: Date;
}

/** What an action changes besides its own row: the notification and the points it earns. */
export interface SocialEffects {
  notification?: NewNotification;
  points?: { uid: string; delta: number };
}

/**
 * The effects as the statements that write them: the notification (ignored when its dedupe key
 * was written before) and the points, which move both the lifetime and the current balance. With
 * `cause` (a CTE of the same statement), each is written once for each row `cause` returns.
 */
function socialEffectWrites(tx: Db, effects: SocialEffects, cause?: WithSubquery) {
  const { notification, points } = effects;
  const row = notification && { id: randomUUID(), isRead: false, ...notification };
  const notificationInsert = tx.insert(notifications);
  return {
    notification:
      row &&
      (cause ? notificationInsert.select(sql`SELECT ${rowValues(notifications, row)} FROM ${cause}`) : notificationInsert.values(row))
        .onConflictDoNothing({ target: [notifications.uid, notifications.dedupeKey] })
        .returning({ uid: notifications.uid }),
    points:
      points && points.delta !== 0
        ? tx
            .update(users)
            .set({
              accumulatedPoints: sql`${users.accumulatedPoints} + ${points.delta}`,
              currentPoints: sql`${users.currentPoints} + ${points.delta}`,
            })
            .where(and(eq(users.uid, points.uid), cause && sql`EXISTS (SELECT 1 FROM ${cause})`))
            .returning({ uid: users.uid })
        : undefined,
  };
}

/**
 * A row of `table` for `INSERT ... SELECT`: each column in the table's order, as Drizzle writes the
 * insert's column list, from `values` or else the column's default, each cast to its column's type
 * (a bare parameter in a select list would be text).
 */
function rowValues<T extends PgTable>(table: T, values: Partial<T['$inferInsert']>): SQL {
  const given = values as Record<string, unknown>;
  return sql.join(
    Object.entries(getTableColumns(table)).map(([key, column]) => {
      const value = given[key] === undefined ? column.default : given[key];
      if (is(value, SQL)) return value;
      return sql`${value === undefined ? null : sql.param(value, column)}::${sql.raw(column.getSQLType())}`;
    }),
    sql`, `,
  );
}

/** Writes the effects inside the caller's transaction (so they happen exactly when the action's row was written). */
export async function applySocialEffects(tx: Db, effects: SocialEffects): Promise<void> {
  const writes = socialEffectWrites(tx, effects);
  if (writes.notification) await writes.notification;
  if (writes.points) await writes.points;
}

/**
 * The same effects as data-modifying CTEs (`tx.with(...)`), written once for each row of `cause`,
 * a CTE of the same statement that does the action and returns a row only when it changed
 * something (a like's `INSERT ... ON CONFLICT DO NOTHING RETURNING`). The action, its effects and
 * the caller's answer are then one statement: no round trip happens while it holds a busy row's
 * lock (a like locks its post's row, through the counter's trigger, until it commits).
 */
export function socialEffectsWith(tx: Db, effects: SocialEffects, cause: WithSubquery): WithSubquery[] {
  const writes = socialEffectWrites(tx, effects, cause);
  return [
    ...(writes.notification ? [tx.$with('social_notification').as(writes.notification)] : []),
    ...(writes.points ? [tx.$with('social_points').as(writes.points)] : []),
  ];
}

export interface NotificationView extends Omit<NotificationRow, 'pushState' | 'commentId'> {
  actorName: string | null;
  actorPhotoUrl: string | null;
  /** The comment's text (a comment's notification), null when there is none or it is gone. */
  commentText: string | null;
  /** The post's title and blur placeholder, null unless the recipient may see the post. */
  poopTitle: string | null;
  poopPlaceholder: string | null;
}

/**
 * A post a notification may show: the recipient's own, or one everyone may see. Never someone
 * else's private or unapproved post, never a deleted one.
 */
const shownPoop = sql`${poops.id} = ${notifications.poopId} AND ${visiblePoopSql(notifications.uid)}`;

/** What the bell counts: every kind but those counted elsewhere (a chat message, on the chat button). */
const inTheBell = sql`${notifications.kind} NOT IN (${sql.join(
  KINDS_OUTSIDE_THE_BELL.map((kind) => sql`${kind}`),
  sql`, `,
)})`;

/** Rows strictly after `position` in (created_date DESC, id DESC) order, compared at millisecond precision. */
function before(position: KeysetPosition | undefined): SQL | undefined {
  if (!position) return undefined;
  const at = new Date(position.at).toISOString();
  return sql`(date_trunc('milliseconds', ${notifications.createdDate}), ${notifications.id}) < (${at}::timestamptz, ${position.id}::uuid)`;
}

export class NotificationRepository {
  constructor(private readonly db: Db) {}

  async countUnread(uid: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(sql`${notifications.uid} = ${uid} AND NOT ${notifications.isRead} AND ${inTheBell}`);
    return row?.count ?? 0;
  }

  /** The user's notifications, newest first, with the actor's current name and avatar. */
  async list(options: { uid: string; after?: KeysetPosition; limit: number }): Promise<NotificationView[]> {
    return this.db
      .select({
        id: notifications.id,
        uid: notifications.uid,
        createdDate: sql<Date>`date_trunc('milliseconds', ${notifications.createdDate})`.mapWith(notifications.createdDate),
        isRead: notifications.isRead,
        kind: notifications.kind,
        params: notifications.params,
        message: notifications.message,
        actorUid: notifications.actorUid,
        poopId: notifications.poopId,
        link: notifications.link,
        dedupeKey: notifications.dedupeKey,
        actorName: users.username,
        actorPhotoUrl: users.photoUrl,
        commentText: comments.text,
        poopTitle: poops.title,
        poopPlaceholder: poops.placeholder,
      })
      .from(notifications)
      .leftJoin(users, eq(users.uid, notifications.actorUid))
      .leftJoin(poops, shownPoop)
      .leftJoin(comments, and(eq(comments.id, notifications.commentId), eq(comments.poopId, poops.id)))
      .where(and(eq(notifications.uid, options.uid), before(options.after)))
      .orderBy(desc(sql`date_trunc('milliseconds', ${notifications.createdDate})`), desc(notifications.id))
      .limit(options.limit);
  }

  /** Marks the newest `limit` unread as read (spec: marking all as read updates up to 50); answers how many. */
  async markAllRead(uid: string, limit: number): Promise<number> {
    const result = await this.db.execute<{ id: string }>(sql`
      UPDATE notifications SET is_read = true
       WHERE id IN (SELECT id FROM notifications WHERE uid = ${uid} AND NOT is_read
                     ORDER BY created_date DESC, id DESC LIMIT ${limit})
      RETURNING id`);
    return (result as { rows: unknown[] }).rows.length;
  }

  /** Marks the listed notifications of the user read (those a screen showed); answers how many changed. */
  async markManyRead(uid: string, ids: readonly string[]): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.uid, uid), inArray(notifications.id, [...ids]), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** Marks one of the user's notifications read; answers false when it is not theirs or does not exist. */
  async markRead(uid: string, id: string): Promise<boolean> {
    const [row] = await this.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.uid, uid)))
      .returning({ id: notifications.id });
    return row !== undefined;
  }
}

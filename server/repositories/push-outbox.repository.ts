import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { comments, notifications, users } from '../db/schema';
import type { Language } from '../../core/language';
import { notificationEnglish, type NotificationParams } from '../../core/notification-kinds';

export interface PendingNotification {
  id: string;
  uid: string;
  kind: string;
  /** What its words need (core/notification-kinds.ts). */
  params: NotificationParams;
  /** Its English text (an older row's stored sentence, else its kind's words with its params). */
  message: string;
  link: string;
  enableNotifications: boolean;
  /** An older row's sentence the upgrade could not read into params: `message` is it, as written. */
  legacyText: boolean;
  /** The comment a comment's notification is about (its first words go in the push). */
  commentText?: string | null;
  /** The language the account chose; null: the device's. */
  language?: Language | null;
}

const worded = <T extends { kind: string; params: NotificationParams; message: string | null }>(
  row: T,
): T & { message: string; legacyText: boolean } => ({
  ...row,
  message: notificationEnglish(row.kind, row.params, row.message),
  legacyText: row.message !== null,
});

/**
 * The notifications table as the Web Push outbox: any code that inserts a notification row
 * leaves it `push_state = 'pending'`; the push sweep reads those and marks them handled.
 */
export class PushOutboxRepository {
  constructor(private readonly db: Db) {}

  async pending(limit: number): Promise<PendingNotification[]> {
    const rows = await this.db
      .select({
        id: notifications.id,
        uid: notifications.uid,
        kind: notifications.kind,
        params: notifications.params,
        message: notifications.message,
        link: notifications.link,
        enableNotifications: users.enableNotifications,
      })
      .from(notifications)
      .innerJoin(users, eq(users.uid, notifications.uid))
      .where(eq(notifications.pushState, 'pending'))
      .orderBy(asc(notifications.createdDate))
      .limit(limit);
    return rows.map(worded);
  }

  async mark(ids: string[], state: 'queued' | 'skipped'): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(notifications)
      .set({ pushState: state })
      .where(and(inArray(notifications.id, ids), eq(notifications.pushState, 'pending')));
  }

  /** The notification and whether its user still wants pushes (both may have changed since it was queued). */
  async find(id: string): Promise<PendingNotification | undefined> {
    const [row] = await this.db
      .select({
        id: notifications.id,
        uid: notifications.uid,
        kind: notifications.kind,
        params: notifications.params,
        message: notifications.message,
        link: notifications.link,
        enableNotifications: users.enableNotifications,
        commentText: comments.text,
        language: users.language,
      })
      .from(notifications)
      .innerJoin(users, eq(users.uid, notifications.uid))
      .leftJoin(comments, eq(comments.id, notifications.commentId))
      .where(eq(notifications.id, id));
    return row && worded(row);
  }

  /** The user's unread notifications now: a push carries it for the app icon's badge. */
  async countUnread(uid: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.uid, uid), eq(notifications.isRead, false)));
    return row?.count ?? 0;
  }
}

import { NOTIFICATION_MARK_READ_LIMIT, NOTIFICATIONS_PAGE_SIZE } from '../../core/constants';
import type { MarkReadResponse, NotificationPageResponse } from '../../core/social-api';
import { firstWords, notificationEnglish } from '../../core/notification-kinds';
import { NotFoundError } from '../errors';
import type { NotificationRepository, NotificationView } from '../repositories/notification.repository';
import { parseCursor, toPage } from './keyset-page';

function toApiNotification(row: NotificationView): NotificationPageResponse['notifications'][number] {
  return {
    id: row.id,
    uid: row.uid,
    kind: row.kind,
    params: row.params,
    message: notificationEnglish(row.kind, row.params, row.message),
    legacyText: row.message !== null,
    link: row.link,
    createdDate: row.createdDate.toISOString(),
    isRead: row.isRead,
    actor:
      row.actorUid !== null && row.actorName !== null
        ? { uid: row.actorUid, username: row.actorName, photoURL: row.actorPhotoUrl ?? '' }
        : null,
    poopId: row.poopId,
    excerpt: row.commentText === null ? null : firstWords(row.commentText),
    post: row.poopTitle === null ? null : { title: row.poopTitle, placeholder: row.poopPlaceholder ?? '' },
  };
}

/** The signed-in user's notifications: newest first in pages, unread count, marking read. */
export class NotificationService {
  constructor(private readonly notifications: NotificationRepository) {}

  async list(uid: string, cursor: string | undefined): Promise<NotificationPageResponse> {
    const rows = await this.notifications.list({ uid, after: parseCursor(cursor), limit: NOTIFICATIONS_PAGE_SIZE + 1 });
    const { items, nextCursor } = toPage(rows, NOTIFICATIONS_PAGE_SIZE, (row) => row.createdDate);
    return { notifications: items.map(toApiNotification), nextCursor };
  }

  unreadCount(uid: string): Promise<number> {
    return this.notifications.countUnread(uid);
  }

  /** Spec: marking all as read updates up to 50 (the newest unread). */
  async markAllRead(uid: string): Promise<MarkReadResponse> {
    const updated = await this.notifications.markAllRead(uid, NOTIFICATION_MARK_READ_LIMIT);
    return { updated, unread: await this.notifications.countUnread(uid) };
  }

  /** Opening the list marks what it showed as read (each id the caller's own; others are ignored). */
  async markShownRead(uid: string, ids: readonly string[]): Promise<MarkReadResponse> {
    const updated = await this.notifications.markManyRead(
      uid,
      ids.map((id) => id.toLowerCase()),
    );
    return { updated, unread: await this.notifications.countUnread(uid) };
  }

  async markRead(uid: string, id: string): Promise<MarkReadResponse> {
    if (!(await this.notifications.markRead(uid, id))) throw new NotFoundError('No such notification.');
    return { updated: 1, unread: await this.notifications.countUnread(uid) };
  }
}

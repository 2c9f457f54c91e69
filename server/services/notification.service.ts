import type { NotificationRepository } from '../repositories/notification.repository';

/** The caller's notifications (the unread badge for now). */
export class NotificationService {
  constructor(private readonly notifications: NotificationRepository) {}

  countUnread(uid: string): Promise<number> {
    return this.notifications.countUnread(uid);
  }
}

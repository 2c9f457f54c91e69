import { notificationLink, notificationParams, type NotificationKind } from '../../core/notification-kinds';
import type { NewNotification } from '../repositories/notification.repository';

export interface Actor {
  uid: string;
  username: string;
}

/**
 * The notification an action sends `recipientUid`, or undefined when people act on their own
 * content (no notification then). `eventKey` names the event within its kind (the post for a
 * like, the comment for a comment), so the same event written twice is one notification.
 */
export function notificationFor(
  kind: NotificationKind,
  recipientUid: string,
  actor: Actor,
  poopId: string | null,
  eventKey: string,
  now: Date,
  commentId?: string,
): NewNotification | undefined {
  if (recipientUid === actor.uid) return undefined;
  const subject = { actorUid: actor.uid, actorName: actor.username, poopId: poopId ?? undefined, commentId };
  return {
    uid: recipientUid,
    kind,
    params: notificationParams(kind, subject),
    link: notificationLink(kind, subject),
    actorUid: actor.uid,
    poopId,
    commentId: commentId ?? null,
    dedupeKey: `${kind}:${actor.uid}:${eventKey}`,
    createdDate: now,
  };
}

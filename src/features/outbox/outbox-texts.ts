import type { OutboxKind } from '../../../core/outbox';

/** What each queued write is, in the user's words (the outbox sheet, drop messages). */
export const OUTBOX_KIND_LABELS: Record<OutboxKind, string> = {
  'poop-create': 'New post',
  'poop-delete': 'Post deletion',
  'poop-like': 'Like',
  'poop-unlike': 'Unlike',
  'comment-create': 'Comment',
  'comment-delete': 'Comment deletion',
  'comment-like': 'Comment like',
  'comment-unlike': 'Comment unlike',
  follow: 'Follow',
  unfollow: 'Unfollow',
  'chat-send': 'Chat message',
  'streak-freeze-buy': 'Streak freeze',
  'league-create': 'New league',
  'league-join': 'League join',
  'league-leave': 'Leaving a league',
  'achievement-shown': 'Achievement shown or hidden',
  'report-made': 'Report for my doctor',
  'health-update': 'Health details',
  'diary-entry': 'Diary entry',
  'diary-delete': 'Diary entry deletion',
};

/** The toast when the server refused a queued write for good. */
export function droppedMessage(kind: OutboxKind, reason: string): string {
  return `${OUTBOX_KIND_LABELS[kind]} not sent: ${reason}`;
}

/** Accessible name of the pending-count button. */
export function pendingCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'} waiting to be sent`;
}

import type { OutboxEntry, OutboxKind } from '../../../core/outbox';

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

/** How much of a waiting comment the outbox sheet quotes before '…'. */
const QUOTED_COMMENT_CHARS = 40;

/** The start of a comment, cut at a word where it is long ('Nice one…'). */
export function quoteComment(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= QUOTED_COMMENT_CHARS) return flat;
  const cut = flat.slice(0, QUOTED_COMMENT_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > QUOTED_COMMENT_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function commentText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('text' in body)) return undefined;
  return typeof body.text === 'string' ? body.text : undefined;
}

/**
 * What a waiting write is, named as the person made it (issue 64): "New post 'Office break'",
 * "Like on 'Office break'", "Comment on 'Office break': Nice one…". `postTitle` finds a post's
 * title among what the device has saved; without it (or for other kinds) the kind's label.
 */
export function outboxEntryLabel(
  entry: Pick<OutboxEntry, 'kind' | 'target' | 'body' | 'photo'>,
  postTitle: (id: string) => string | undefined,
): string {
  const label = OUTBOX_KIND_LABELS[entry.kind];
  if (entry.kind === 'poop-create') {
    const title = entry.photo?.fields.find(([name]) => name === 'title')?.[1];
    return title ? `${label} '${title}'` : label;
  }
  const title = postTitle(entry.target);
  const onPost = title ? `${label} on '${title}'` : label;
  switch (entry.kind) {
    case 'poop-like':
    case 'poop-unlike':
      return onPost;
    case 'poop-delete':
      return title ? `Deletion of '${title}'` : label;
    case 'comment-create': {
      const text = commentText(entry.body);
      return text ? `${onPost}: ${quoteComment(text)}` : onPost;
    }
    default:
      return label;
  }
}

/** What a replay sent, in one line ('3 waiting actions sent'). */
export function sentMessage(count: number): string {
  return count === 1 ? '1 waiting action sent' : `${count} waiting actions sent`;
}

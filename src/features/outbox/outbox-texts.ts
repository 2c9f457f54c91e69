import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { entryStatus, type OutboxEntry, type OutboxKind } from '../../../core/outbox';

/** What each queued write is, in the user's words (the outbox sheet, drop messages). */
const OUTBOX_KIND_LABELS: Record<OutboxKind, MessageDescriptor> = {
  'poop-create': msg`New post`,
  'poop-delete': msg`Post deletion`,
  'poop-like': msg`Like`,
  'poop-unlike': msg`Unlike`,
  'comment-create': msg`Comment`,
  'comment-delete': msg`Comment deletion`,
  'comment-like': msg`Comment like`,
  'comment-unlike': msg`Comment unlike`,
  follow: msg`Follow`,
  unfollow: msg`Unfollow`,
  'chat-send': msg`Chat message`,
  'streak-freeze-buy': msg`Streak freeze`,
  'league-create': msg`New league`,
  'league-join': msg`League join`,
  'league-leave': msg`Leaving a league`,
  'achievement-shown': msg`Achievement shown or hidden`,
  'report-made': msg`Report for my doctor`,
  'health-update': msg`Health details`,
  'diary-entry': msg`Diary entry`,
  'diary-delete': msg`Diary entry deletion`,
};

export function outboxKindLabel(kind: OutboxKind): string {
  return i18n._(OUTBOX_KIND_LABELS[kind]);
}

/** The toast when the server refused a queued write for good. */
export function droppedMessage(kind: OutboxKind, reason: string): string {
  const label = outboxKindLabel(kind);
  return t`${label} not sent: ${reason}`;
}

/** Accessible name of the pending-count button. */
export function pendingCountLabel(count: number): string {
  return plural(count, { one: '# item waiting to be sent', other: '# items waiting to be sent' });
}

/** The outbox sheet's title and the sign-out warning: how many writes are not sent yet. */
export function pendingCountTitle(count: number): string {
  return plural(count, { one: '# item is not sent yet', other: '# items are not sent yet' });
}

/** A write that waits for the connection (its chip, the sheet). */
export function waitingText(): string {
  return t`Waiting for connection`;
}

/** The toast of a write saved to send later. */
export function queuedText(): string {
  return t`Saved: it will be sent when you are back online.`;
}

/** The replay stopped at a write that needs the person signed in again. */
export function signInAgainText(): string {
  return t`Sign in again to send what is waiting.`;
}

/** Where a waiting write stands, in the reader's language (core/outbox.ts decides which). */
export function outboxStatusText(entry: OutboxEntry, now: number, online: boolean): string {
  const status = entryStatus(entry, now, online);
  switch (status.kind) {
    case 'auth':
      return signInAgainText();
    case 'refused': {
      const { reason } = status;
      return t`Refused by the server: ${reason}`;
    }
    case 'retry': {
      const { seconds } = status;
      return t`Will try again in ${seconds} s`;
    }
    case 'waiting':
      return waitingText();
  }
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
  const label = outboxKindLabel(entry.kind);
  if (entry.kind === 'poop-create') {
    const title = entry.photo?.fields.find(([name]) => name === 'title')?.[1];
    return title ? t`${label} ''${title}''` : label;
  }
  const title = postTitle(entry.target);
  const onPost = title ? t`${label} on ''${title}''` : label;
  switch (entry.kind) {
    case 'poop-like':
    case 'poop-unlike':
      return onPost;
    case 'poop-delete':
      return title ? t`Deletion of ''${title}''` : label;
    case 'comment-create': {
      const text = commentText(entry.body);
      if (!text) return onPost;
      const quote = quoteComment(text);
      return t`${onPost}: ${quote}`;
    }
    default:
      return label;
  }
}

/** What a replay sent, in one line ('3 waiting actions sent'). */
export function sentMessage(count: number): string {
  return plural(count, { one: '# waiting action sent', other: '# waiting actions sent' });
}

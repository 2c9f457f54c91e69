import { msg, plural } from '@lingui/core/macro';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../core/chat-api';

/** The chat screens' words (issue 25), as Lingui messages: a screen shows them with `i18n._`. */
export const CHAT_TEXTS = {
  heading: msg`Chat`,
  loading: msg`Loading chat`,
  retry: msg`Try again`,
  listFailed: msg`Could not load your conversations.`,
  empty: msg`No conversations yet. Press New message, or Message on a premium member’s profile, to start one.`,
  unread: (n: number) => (n > 9 ? msg`9+ new` : msg`${plural(n, { one: '# new', other: '# new' })}`),
  threadFailed: msg`Could not load this conversation.`,
  threadEmpty: msg`No messages yet. Say hello!`,
  loadOlder: msg`Load older messages`,
  messageLabel: msg`Message`,
  composer: msg`Write a message`,
  send: msg`Send`,
  sending: msg`Sending…`,
  tooLong: msg`At most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  block: msg`Block`,
  unblock: msg`Unblock`,
  blockedByMe: (name: string) => msg`You blocked ${name}.`,
  cannotSend: msg`You cannot send messages in this conversation.`,
  report: msg`Report`,
  more: msg`More`,
  newMessage: msg`New message`,
  searchPeople: msg`Search premium members`,
  searchPeopleHelp: msg`You can write to premium members.`,
  searching: msg`Searching`,
  searchFailed: msg`Could not search. Please try again.`,
  noPeople: msg`No premium member with that name.`,
  peopleFound: msg`Premium members`,
  reported: msg`Thank you: the message was reported to the admins.`,
  reportFailed: msg`Could not report the message. Please try again.`,
  blockFailed: msg`Could not change the block. Please try again.`,
  sendFailed: msg`The message could not be sent.`,
  you: msg`You`,
  lastFromMe: (body: string) => msg`You: ${body}`,
  blockConfirmTitle: (name: string) => msg`Block ${name}?`,
  blockConfirmBody: msg`Neither of you can send messages in this conversation until you unblock. They are not told.`,
  cancel: msg`Cancel`,
  blockedToast: (name: string) => msg`You blocked ${name}.`,
  unblockedToast: (name: string) => msg`You unblocked ${name}.`,
} as const;

/** When a conversation's last message was sent, as a messenger shows it: the time today, the date before. */
export function conversationTime(iso: string, now: Date, locale?: string): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleDateString(locale, { day: 'numeric', month: 'short' });
}

import { CHAT_MESSAGE_MAX_LENGTH } from '../../../core/chat-api';

/** The chat screens' words (issue 25). */
export const CHAT_TEXTS = {
  heading: 'Chat',
  loading: 'Loading chat',
  retry: 'Try again',
  listFailed: 'Could not load your conversations.',
  empty: 'No conversations yet. Press New message, or Message on a premium member’s profile, to start one.',
  unread: (n: number) => (n > 9 ? '9+ new' : `${n} new`),
  threadFailed: 'Could not load this conversation.',
  threadEmpty: 'No messages yet. Say hello!',
  loadOlder: 'Load older messages',
  messageLabel: 'Message',
  composer: 'Write a message',
  send: 'Send',
  sending: 'Sending…',
  tooLong: `At most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  block: 'Block',
  unblock: 'Unblock',
  blockedByMe: (name: string) => `You blocked ${name}.`,
  cannotSend: 'You cannot send messages in this conversation.',
  report: 'Report',
  more: 'More',
  newMessage: 'New message',
  searchPeople: 'Search premium members',
  searchPeopleHelp: 'You can write to premium members.',
  searching: 'Searching',
  searchFailed: 'Could not search. Please try again.',
  noPeople: 'No premium member with that name.',
  peopleFound: 'Premium members',
  reported: 'Thank you: the message was reported to the admins.',
  reportFailed: 'Could not report the message. Please try again.',
  blockFailed: 'Could not change the block. Please try again.',
  sendFailed: 'The message could not be sent.',
  you: 'You',
  startChat: 'Message',
  lastFromMe: (body: string) => `You: ${body}`,
  blockConfirmTitle: (name: string) => `Block ${name}?`,
  blockConfirmBody: 'Neither of you can send messages in this conversation until you unblock. They are not told.',
  cancel: 'Cancel',
  blockedToast: (name: string) => `You blocked ${name}.`,
  unblockedToast: (name: string) => `You unblocked ${name}.`,
} as const;

/** When a conversation's last message was sent, as a messenger shows it: the time today, the date before. */
export function conversationTime(iso: string, now: Date, locale?: string): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleDateString(locale, { day: 'numeric', month: 'short' });
}

import { CHAT_MESSAGE_MAX_LENGTH } from '../../../core/chat-api';

/** The chat screens' words (issue 25). */
export const CHAT_TEXTS = {
  heading: 'Chat',
  loading: 'Loading chat',
  retry: 'Try again',
  listFailed: 'Could not load your conversations.',
  empty: 'No conversations yet. Open a premium member’s profile and press Message to start one.',
  unread: (n: number) => (n > 9 ? '9+ new' : `${n} new`),
  threadFailed: 'Could not load this conversation.',
  threadEmpty: 'No messages yet. Say hello!',
  loadOlder: 'Load older messages',
  messageLabel: 'Message',
  send: 'Send',
  sending: 'Sending…',
  tooLong: `At most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  block: 'Block',
  unblock: 'Unblock',
  blockedByMe: (name: string) => `You blocked ${name}. Unblock to write to each other again.`,
  cannotSend: 'You cannot send messages in this conversation.',
  report: 'Report message',
  reported: 'Thank you: the message was reported to the admins.',
  reportFailed: 'Could not report the message. Please try again.',
  blockFailed: 'Could not change the block. Please try again.',
  sendFailed: 'The message could not be sent.',
  you: 'You',
  startChat: 'Message',
} as const;

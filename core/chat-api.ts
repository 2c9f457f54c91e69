import { Type, type Static } from 'typebox';
import { Uuid } from './poop-api';
import { visibleText } from './visible-text';

/* --- Premium (spec sections 4, 6 and 7) ---------------------------------------------------- */

/** What /root/premium shows: whether payments work here, and the price read from Stripe. */
export const PremiumPlanResponse = Type.Object({
  configured: Type.Boolean(),
  price: Type.Union([
    Type.Object({
      /** In the currency's smallest unit (cents). */
      unitAmount: Type.Integer({ minimum: 0 }),
      currency: Type.String(),
      interval: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type PremiumPlanResponse = Static<typeof PremiumPlanResponse>;

/** Where to send the browser: a Stripe Checkout or billing portal page. */
export const RedirectResponse = Type.Object({ url: Type.String() });
export type RedirectResponse = Static<typeof RedirectResponse>;

export const ValidateReceiptBody = Type.Object(
  { receiptId: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
export type ValidateReceiptBody = Static<typeof ValidateReceiptBody>;

/** Spec section 7: `/validateStripeReceipt` answers `{isExpired, subscription}`. */
export const ValidateReceiptResponse = Type.Object({
  isExpired: Type.Boolean(),
  subscription: Type.Object({ id: Type.String(), status: Type.String(), currentPeriodEnd: Type.Union([Type.String(), Type.Null()]) }),
});
export type ValidateReceiptResponse = Static<typeof ValidateReceiptResponse>;

export const WebhookResponse = Type.Object({ received: Type.Boolean() });

/* --- Chat ------------------------------------------------------------------------------------ */

/** Longest chat message, in characters (also keeps a NOTIFY payload well under PostgreSQL's 8000 bytes). */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/** Messages per page of a conversation's history. */
export const CHAT_PAGE_SIZE = 30;
/** Conversations listed at most. */
export const CHAT_CONVERSATIONS_LIMIT = 100;
/** Messages a user may send per minute. */
export const CHAT_SEND_PER_MINUTE = 30;
/** A recipient who has not read a message this long after it was sent gets a push notification. */
export const CHAT_PUSH_DELAY_MS = 5_000;

export const ChatPeer = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  photoURL: Type.String(),
  premium: Type.Boolean(),
});
export type ChatPeer = Static<typeof ChatPeer>;

export const ChatMessage = Type.Object({
  id: Type.String(),
  senderUid: Type.String(),
  recipientUid: Type.String(),
  body: Type.String(),
  createdAt: Type.String(),
});
export type ChatMessage = Static<typeof ChatMessage>;

export const ChatConversation = Type.Object({
  peer: ChatPeer,
  lastMessage: Type.Union([ChatMessage, Type.Null()]),
  unread: Type.Integer({ minimum: 0 }),
  /** I blocked them. */
  blocked: Type.Boolean(),
  /** They blocked me, or I blocked them: no messages either way. */
  canSend: Type.Boolean(),
});
export type ChatConversation = Static<typeof ChatConversation>;

export const ConversationsResponse = Type.Object({ conversations: Type.Array(ChatConversation) });
export type ConversationsResponse = Static<typeof ConversationsResponse>;

export const ConversationResponse = Type.Object({ conversation: ChatConversation });
export type ConversationResponse = Static<typeof ConversationResponse>;

export const ChatUidParams = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 128 }) });
export const ChatMessageParams = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 128 }), messageId: Uuid });
export const ChatMessageIdParams = Type.Object({ messageId: Uuid });

export const ChatHistoryQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 200 })) });

export const ChatHistoryResponse = Type.Object({
  /** Newest first. */
  messages: Type.Array(ChatMessage),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ChatHistoryResponse = Static<typeof ChatHistoryResponse>;

export const SendChatBody = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: CHAT_MESSAGE_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type SendChatBody = Static<typeof SendChatBody>;

export const ChatMessageResponse = Type.Object({ message: ChatMessage });
export type ChatMessageResponse = Static<typeof ChatMessageResponse>;

export const BlockResponse = Type.Object({ blocked: Type.Boolean() });
export type BlockResponse = Static<typeof BlockResponse>;

export const ReportChatBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false });
export const ReportResponse = Type.Object({ reported: Type.Boolean() });

/** What the chat socket sends: a message to or from the user, or a conversation read or blocked. */
export type ChatSocketEvent =
  { type: 'message'; message: ChatMessage } | { type: 'read'; peerUid: string } | { type: 'blocked'; peerUid: string };

/** The client-side validation the server repeats: trimmed of invisible characters too (`visibleText`), not empty, not too long. */
export function chatMessageProblem(body: string): 'empty' | 'too_long' | null {
  const trimmed = visibleText(body);
  if (trimmed.length === 0) return 'empty';
  if (trimmed.length > CHAT_MESSAGE_MAX_LENGTH) return 'too_long';
  return null;
}

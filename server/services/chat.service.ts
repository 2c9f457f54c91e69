import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_CONVERSATIONS_LIMIT,
  CHAT_PAGE_SIZE,
  chatMessageProblem,
  type ChatConversation,
  type ChatHistoryResponse,
  type ChatMessage,
  type ChatPeer,
} from '../../core/chat-api';
import { decodeCursor, encodeCursor } from '../../core/keyset-cursor';
import { notificationLink, notificationParams } from '../../core/notification-kinds';
import { SERVER_MESSAGES } from '../../core/server-messages';
import { isPremium, type SubscriptionStatus } from '../../core/user';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { ChatMessageView, ChatRepository, ChatUserRow, ConversationListRow } from '../repositories/chat.repository';
import type { ChatHub } from './chat-hub';
import { visibleText } from '../../core/visible-text';

function premium(row: ChatUserRow): boolean {
  return isPremium({ premium: row.premium, admin: row.admin, subscriptionStatus: row.subscriptionStatus as SubscriptionStatus });
}

function toPeer(row: ChatUserRow): ChatPeer {
  return { uid: row.uid, username: row.username, photoURL: row.photoUrl, premium: premium(row) };
}

function toMessage(row: ChatMessageView, me: string, peer: string): ChatMessage {
  return {
    id: row.id,
    senderUid: row.senderUid,
    recipientUid: row.senderUid === me ? peer : me,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

function toConversation(row: ConversationListRow, me: string): ChatConversation {
  return {
    peer: toPeer(row.peer),
    lastMessage: row.lastMessage ? toMessage(row.lastMessage, me, row.peer.uid) : null,
    unread: row.unread,
    blocked: row.blockedByMe,
    canSend: !row.blockedByMe && !row.blockedByPeer && premium(row.peer),
  };
}

/**
 * Premium-only chat between two users (issue 25). Every call checks that the caller is premium
 * (the server refuses chat to others, whatever the app shows); only the two participants read a
 * conversation; a block stops messages both ways. Messages keep the id the sender's device
 * gave them, so the outbox's replay of a send is the same message.
 */
export class ChatService {
  constructor(
    private readonly deps: {
      chat: ChatRepository;
      hub: ChatHub;
      now: () => Date;
      /** How long after a message its recipient must have read it, or get a push. */
      pushDelayMs: number;
      /** Queues the delayed unread check (jobs/chat-push.job.ts); one job per message id. */
      enqueuePush: (job: ChatPushJob, messageId: string, startAfter: Date) => Promise<boolean>;
      log: FastifyBaseLogger;
    },
  ) {}

  /** The caller, who must be premium. */
  async requirePremium(uid: string): Promise<ChatUserRow> {
    const me = await this.deps.chat.findUser(uid);
    if (!me) throw new NotFoundError(SERVER_MESSAGES.noSuchUser);
    if (!premium(me)) throw new ForbiddenError(SERVER_MESSAGES.premiumRequired, 'premium_required');
    return me;
  }

  private async peer(me: string, peerUid: string): Promise<ChatUserRow> {
    if (peerUid === me) throw new ValidationError(SERVER_MESSAGES.cannotChatWithSelf);
    const peer = await this.deps.chat.findUser(peerUid);
    if (!peer) throw new NotFoundError(SERVER_MESSAGES.noSuchUser);
    return peer;
  }

  async conversations(uid: string): Promise<{ conversations: ChatConversation[] }> {
    await this.requirePremium(uid);
    const rows = await this.deps.chat.list(uid, CHAT_CONVERSATIONS_LIMIT);
    return { conversations: rows.map((row) => toConversation(row, uid)) };
  }

  /** The conversation with one user (empty until the first message). */
  async conversation(uid: string, peerUid: string): Promise<{ conversation: ChatConversation }> {
    await this.requirePremium(uid);
    const peer = await this.peer(uid, peerUid);
    const [row] = await this.deps.chat.list(uid, 1, peerUid);
    if (row) return { conversation: toConversation(row, uid) };
    const blocks = await this.deps.chat.blocks(uid, peerUid);
    return {
      conversation: {
        peer: toPeer(peer),
        lastMessage: null,
        unread: 0,
        blocked: blocks.byMe,
        canSend: !blocks.byMe && !blocks.byPeer && premium(peer),
      },
    };
  }

  async history(uid: string, peerUid: string, cursor: string | undefined): Promise<ChatHistoryResponse> {
    await this.requirePremium(uid);
    await this.peer(uid, peerUid);
    const before = cursor === undefined ? undefined : decodeCursor(cursor);
    if (cursor !== undefined && !before) throw new ValidationError('Invalid cursor.');
    const conversationId = await this.deps.chat.findConversationId(uid, peerUid);
    if (!conversationId) return { messages: [], nextCursor: null };
    const rows = await this.deps.chat.history(conversationId, before, CHAT_PAGE_SIZE + 1);
    const page = rows.slice(0, CHAT_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      messages: page.map((row) => toMessage(row, uid, peerUid)),
      nextCursor: rows.length > CHAT_PAGE_SIZE && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
    };
  }

  async send(uid: string, peerUid: string, messageId: string, text: string): Promise<{ message: ChatMessage }> {
    const me = await this.requirePremium(uid);
    const peer = await this.peer(uid, peerUid);
    const problem = chatMessageProblem(text);
    if (problem === 'empty') throw new ValidationError(SERVER_MESSAGES.emptyMessage);
    if (!premium(peer)) throw new ForbiddenError(SERVER_MESSAGES.otherNotPremium, 'premium_required');
    const blocks = await this.deps.chat.blocks(uid, peerUid);
    if (blocks.byMe || blocks.byPeer) throw new ForbiddenError(SERVER_MESSAGES.chatBlocked, 'chat_blocked');
    const conversationId = await this.deps.chat.conversationId(uid, peerUid);
    const stored = await this.deps.chat.addMessage({
      id: messageId,
      conversationId,
      senderUid: uid,
      body: visibleText(text),
      createdAt: this.deps.now(),
    });
    if (!stored) throw new ForbiddenError(SERVER_MESSAGES.messageIdTaken);
    const message = toMessage(stored.message, uid, peerUid);
    if (stored.created) {
      // Sending reads the conversation up to here: one's own message is never unread.
      await this.deps.chat.markRead(conversationId, uid, stored.message.createdAt);
      await this.deps.hub.publish([uid, peerUid], { type: 'message', message });
    }
    // Queued on a replay too (a crash may have come between the message and its job): one job per message.
    await this.schedulePush(conversationId, me, peerUid, stored.message);
    return { message };
  }

  async markRead(uid: string, peerUid: string): Promise<{ conversation: ChatConversation }> {
    await this.requirePremium(uid);
    const conversationId = await this.deps.chat.findConversationId(uid, peerUid);
    if (conversationId) {
      await this.deps.chat.markRead(conversationId, uid, this.deps.now());
      await this.deps.hub.publish([uid], { type: 'read', peerUid });
    }
    return this.conversation(uid, peerUid);
  }

  async block(uid: string, peerUid: string, blocked: boolean): Promise<{ blocked: boolean }> {
    await this.peer(uid, peerUid);
    if (blocked) await this.deps.chat.block(uid, peerUid);
    else await this.deps.chat.unblock(uid, peerUid);
    await this.deps.hub.publish([uid, peerUid], { type: 'blocked', peerUid: uid });
    return { blocked };
  }

  /** A participant reports a message the other one sent; the admins read chat_reports. */
  async report(uid: string, messageId: string, reason: string): Promise<{ reported: boolean }> {
    const message = await this.deps.chat.findMessage(messageId);
    const participant = message && (message.userA === uid || message.userB === uid);
    if (!message || !participant) throw new NotFoundError(SERVER_MESSAGES.noSuchMessage);
    if (message.senderUid === uid) throw new ValidationError('You cannot report your own message.');
    await this.deps.chat.report(message, uid, reason.trim());
    this.deps.log.info({ messageId, reporter: uid }, 'a chat message was reported');
    return { reported: true };
  }

  /**
   * Push to an absent recipient: a delayed job (CHAT_PUSH_DELAY_MS after the message) checks
   * whether they have read the conversation (the app marks it read while it shows it); if not, a
   * 'chat_message' notification is written, which the push outbox delivers. The job is in the
   * database, so it runs once, on whichever server, after a crash or a restart too; the check
   * reads the database, so it is right whichever server the recipient's socket is on.
   */
  private async schedulePush(conversationId: string, sender: ChatUserRow, recipientUid: string, message: ChatMessageView): Promise<void> {
    const job: ChatPushJob = {
      conversationId,
      senderUid: sender.uid,
      senderName: sender.username,
      recipientUid,
      messageId: message.id,
      createdAt: message.createdAt.toISOString(),
    };
    try {
      await this.deps.enqueuePush(job, message.id, new Date(message.createdAt.getTime() + this.deps.pushDelayMs));
    } catch (error) {
      // The message is stored and delivered live; only its push is lost.
      this.deps.log.warn({ err: error, messageId: message.id }, 'could not queue the chat push check');
    }
  }

  /** The delayed job: the notification if the recipient has not read the message by now (once per message). */
  async pushIfUnread(job: ChatPushJob): Promise<void> {
    if (await this.deps.chat.hasRead(job.conversationId, job.recipientUid, new Date(job.createdAt))) return;
    const subject = { actorUid: job.senderUid, actorName: job.senderName };
    await this.deps.chat.notify({
      uid: job.recipientUid,
      kind: 'chat_message',
      params: notificationParams('chat_message', subject),
      link: notificationLink('chat_message', subject),
      actorUid: job.senderUid,
      poopId: null,
      dedupeKey: `chat_message:${job.messageId}`,
      createdDate: this.deps.now(),
    });
  }
}

/** The delayed unread check of one message. */
export interface ChatPushJob {
  conversationId: string;
  senderUid: string;
  senderName: string;
  recipientUid: string;
  messageId: string;
  /** The message's time (ISO): read at or after it means read. */
  createdAt: string;
}

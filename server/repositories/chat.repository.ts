import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { KeysetPosition } from '../../core/keyset-cursor';
import type { Db } from '../db/database';
import { chatBlocks, chatConversations, chatMessages, chatReports, users } from '../db/schema';
import { applySocialEffects, type NewNotification } from './notification.repository';

/** A conversation is stored once per pair, the smaller uid first. */
export function pairOf(uid1: string, uid2: string): { userA: string; userB: string } {
  return uid1 < uid2 ? { userA: uid1, userB: uid2 } : { userA: uid2, userB: uid1 };
}

export interface ChatUserRow {
  uid: string;
  username: string;
  photoUrl: string;
  premium: boolean;
  subscriptionStatus: string;
  admin: boolean;
}

export interface ChatMessageView {
  id: string;
  conversationId: string;
  senderUid: string;
  body: string;
  createdAt: Date;
}

export interface ConversationListRow {
  peer: ChatUserRow;
  lastMessage: ChatMessageView | null;
  unread: number;
  blockedByMe: boolean;
  blockedByPeer: boolean;
}

type Raw = Record<string, unknown>;

function rowsOf(result: unknown): Raw[] {
  return (result as { rows: Raw[] }).rows;
}

const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

const userColumns = {
  uid: users.uid,
  username: users.username,
  photoUrl: users.photoUrl,
  premium: users.premium,
  subscriptionStatus: users.subscriptionStatus,
  admin: users.admin,
};

/** Conversations, messages, blocks and reports of the premium chat. */
export class ChatRepository {
  constructor(private readonly db: Db) {}

  async findUser(uid: string): Promise<ChatUserRow | undefined> {
    const [row] = await this.db.select(userColumns).from(users).where(eq(users.uid, uid));
    return row;
  }

  /** Whether either of the two blocked the other. */
  async blocks(me: string, peer: string): Promise<{ byMe: boolean; byPeer: boolean }> {
    const rows = await this.db
      .select({ blocker: chatBlocks.blockerUid })
      .from(chatBlocks)
      .where(
        or(
          and(eq(chatBlocks.blockerUid, me), eq(chatBlocks.blockedUid, peer)),
          and(eq(chatBlocks.blockerUid, peer), eq(chatBlocks.blockedUid, me)),
        ),
      );
    return { byMe: rows.some((r) => r.blocker === me), byPeer: rows.some((r) => r.blocker === peer) };
  }

  async block(me: string, peer: string): Promise<void> {
    await this.db.insert(chatBlocks).values({ blockerUid: me, blockedUid: peer }).onConflictDoNothing();
  }

  async unblock(me: string, peer: string): Promise<void> {
    await this.db.delete(chatBlocks).where(and(eq(chatBlocks.blockerUid, me), eq(chatBlocks.blockedUid, peer)));
  }

  /** The pair's conversation id, made on first use. */
  async conversationId(uid1: string, uid2: string): Promise<string> {
    const pair = pairOf(uid1, uid2);
    await this.db
      .insert(chatConversations)
      .values({ id: randomUUID(), ...pair })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(and(eq(chatConversations.userA, pair.userA), eq(chatConversations.userB, pair.userB)));
    return row!.id;
  }

  async findConversationId(uid1: string, uid2: string): Promise<string | undefined> {
    const pair = pairOf(uid1, uid2);
    const [row] = await this.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(and(eq(chatConversations.userA, pair.userA), eq(chatConversations.userB, pair.userB)));
    return row?.id;
  }

  /**
   * Adds a message with the sender's own id; a second write of the same id (a replay) changes
   * nothing and answers the stored one with `created: false`. A message id another
   * conversation or sender holds answers undefined.
   */
  async addMessage(message: {
    id: string;
    conversationId: string;
    senderUid: string;
    body: string;
    createdAt: Date;
  }): Promise<{ message: ChatMessageView; created: boolean } | undefined> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx.insert(chatMessages).values(message).onConflictDoNothing().returning();
      if (inserted.length > 0) {
        await tx
          .update(chatConversations)
          .set({ lastMessageAt: message.createdAt })
          .where(eq(chatConversations.id, message.conversationId));
        return { message: inserted[0]!, created: true };
      }
      const [existing] = await tx.select().from(chatMessages).where(eq(chatMessages.id, message.id));
      if (!existing || existing.conversationId !== message.conversationId || existing.senderUid !== message.senderUid) return undefined;
      return { message: existing, created: false };
    });
  }

  async findMessage(id: string): Promise<(ChatMessageView & { userA: string; userB: string }) | undefined> {
    const [row] = await this.db
      .select({
        id: chatMessages.id,
        conversationId: chatMessages.conversationId,
        senderUid: chatMessages.senderUid,
        body: chatMessages.body,
        createdAt: chatMessages.createdAt,
        userA: chatConversations.userA,
        userB: chatConversations.userB,
      })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(eq(chatMessages.id, id));
    return row;
  }

  /** A page of the conversation, newest first, strictly older than `before`. */
  async history(conversationId: string, before: KeysetPosition | undefined, limit: number): Promise<ChatMessageView[]> {
    const older = before
      ? sql`AND (date_trunc('milliseconds', created_at), id) < (${new Date(before.at).toISOString()}::timestamptz, ${before.id}::uuid)`
      : sql``;
    const result = await this.db.execute(sql`
      SELECT id, conversation_id, sender_uid, body, created_at FROM chat_messages
      WHERE conversation_id = ${conversationId} ${older}
      ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
    return rowsOf(result).map((r) => ({
      id: String(r.id),
      conversationId: String(r.conversation_id),
      senderUid: String(r.sender_uid),
      body: String(r.body),
      createdAt: date(r.created_at),
    }));
  }

  /** Marks the conversation read by `uid` up to `at`. */
  async markRead(conversationId: string, uid: string, at: Date): Promise<void> {
    await this.db.execute(sql`
      UPDATE chat_conversations SET
        read_a_at = CASE WHEN user_a = ${uid} THEN GREATEST(COALESCE(read_a_at, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz) ELSE read_a_at END,
        read_b_at = CASE WHEN user_b = ${uid} THEN GREATEST(COALESCE(read_b_at, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz) ELSE read_b_at END
      WHERE id = ${conversationId}`);
    // Read here, read everywhere: the push's notification of these messages is read too.
    await this.db.execute(sql`
      UPDATE notifications SET is_read = true
       WHERE uid = ${uid} AND kind = 'chat_message' AND NOT is_read
         AND actor_uid = (SELECT CASE WHEN user_a = ${uid} THEN user_b ELSE user_a END FROM chat_conversations WHERE id = ${conversationId})`);
  }

  /** Whether `uid` has read the conversation up to (and including) `at`. */
  async hasRead(conversationId: string, uid: string, at: Date): Promise<boolean> {
    const result = await this.db.execute(sql`
      SELECT CASE WHEN user_a = ${uid} THEN read_a_at ELSE read_b_at END AS read_at FROM chat_conversations WHERE id = ${conversationId}`);
    const readAt = rowsOf(result)[0]?.read_at;
    return readAt !== null && readAt !== undefined && date(readAt).getTime() >= at.getTime();
  }

  /** The user's conversations that have a message, newest first, with the peer, last message, unread count and blocks. */
  async list(uid: string, limit: number, onlyPeer?: string): Promise<ConversationListRow[]> {
    const peerFilter =
      onlyPeer === undefined
        ? sql`c.last_message_at IS NOT NULL`
        : sql`(CASE WHEN c.user_a = ${uid} THEN c.user_b ELSE c.user_a END) = ${onlyPeer}`;
    const result = await this.db.execute(sql`
      WITH mine AS (
        SELECT c.id, c.last_message_at,
               CASE WHEN c.user_a = ${uid} THEN c.user_b ELSE c.user_a END AS peer,
               CASE WHEN c.user_a = ${uid} THEN c.read_a_at ELSE c.read_b_at END AS read_at
        FROM chat_conversations c
        WHERE (c.user_a = ${uid} OR c.user_b = ${uid}) AND ${peerFilter}
        ORDER BY c.last_message_at DESC NULLS LAST LIMIT ${limit}
      )
      SELECT mine.id, mine.last_message_at, u.uid, u.username, u.photo_url, u.premium, u.subscription_status, u.admin,
             m.id AS m_id, m.sender_uid, m.body, m.created_at,
             (SELECT count(*)::int FROM chat_messages x
               WHERE x.conversation_id = mine.id AND x.sender_uid <> ${uid} AND (mine.read_at IS NULL OR x.created_at > mine.read_at)) AS unread,
             EXISTS (SELECT 1 FROM chat_blocks b WHERE b.blocker_uid = ${uid} AND b.blocked_uid = u.uid) AS blocked_by_me,
             EXISTS (SELECT 1 FROM chat_blocks b WHERE b.blocker_uid = u.uid AND b.blocked_uid = ${uid}) AS blocked_by_peer
      FROM mine
      JOIN users u ON u.uid = mine.peer
      LEFT JOIN LATERAL (
        SELECT id, sender_uid, body, created_at FROM chat_messages WHERE conversation_id = mine.id ORDER BY created_at DESC, id DESC LIMIT 1
      ) m ON true
      ORDER BY mine.last_message_at DESC NULLS LAST`);
    return rowsOf(result).map((r) => ({
      peer: {
        uid: String(r.uid),
        username: String(r.username),
        photoUrl: String(r.photo_url),
        premium: r.premium === true,
        subscriptionStatus: String(r.subscription_status),
        admin: r.admin === true,
      },
      lastMessage:
        typeof r.m_id !== 'string'
          ? null
          : {
              id: r.m_id,
              conversationId: String(r.id),
              senderUid: String(r.sender_uid),
              body: String(r.body),
              createdAt: date(r.created_at),
            },
      unread: Number(r.unread),
      blockedByMe: r.blocked_by_me === true,
      blockedByPeer: r.blocked_by_peer === true,
    }));
  }

  /** Records a report of a message for the admins; reporting twice keeps the first. */
  async report(message: { id: string; senderUid: string; body: string }, reporterUid: string, reason: string): Promise<void> {
    await this.db
      .insert(chatReports)
      .values({ messageId: message.id, reporterUid, senderUid: message.senderUid, body: message.body, reason })
      .onConflictDoNothing();
  }

  /** Writes the push notification for an unread message. */
  async notify(notification: NewNotification): Promise<void> {
    await applySocialEffects(this.db, { notification });
  }
}

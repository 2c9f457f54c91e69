import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { notificationLink, notificationParams } from '../../core/notification-kinds';
import type { DataExportDecision, DataExportState } from '../../core/data-export-api';
import type { Db } from '../db/database';
import {
  chatConversations,
  chatMessages,
  comments,
  dataExports,
  follows,
  healthEntries,
  likes,
  likesComment,
  notifications,
  poops,
  support,
  users,
  type DataExportRow,
} from '../db/schema';

export type { DataExportRow, HealthEntryRow } from '../db/schema';

/** A pending export whose writer has been silent since before `stallBefore`. */
function isStalled(row: DataExportRow, stallBefore: Date): boolean {
  return row.status === 'pending' && row.progressAt !== null && row.progressAt < stallBefore;
}

/**
 * "Download my data" (issue 43): the export rows, and everything one account owns, read for its
 * archive. Every read here takes the owner's uid and returns only rows that are theirs (messages
 * they sent, not the ones they received; their own health details only).
 */
export class DataExportRepository {
  constructor(private readonly db: Db) {}

  /**
   * A new export request, decided by `decide` from the user's newest export under a lock on the
   * user (two taps on two devices are serialised). Before a replaced or older archive's row goes,
   * `removeFile` deletes its file: at most one archive per person stays on disk.
   */
  async request(
    uid: string,
    id: string,
    now: Date,
    stallBefore: Date,
    decide: (latest: DataExportState | undefined) => DataExportDecision,
    removeFile: (key: string) => Promise<void>,
  ): Promise<{ row: DataExportRow; retryAt?: Date }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT uid FROM users WHERE uid = ${uid} FOR UPDATE`);
      const [latest] = await tx
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.uid, uid), or(isNull(dataExports.expiresAt), gt(dataExports.expiresAt, now))))
        .orderBy(desc(dataExports.requestedAt))
        .limit(1);
      const decision = decide(
        latest && { status: latest.status, requestedAt: latest.requestedAt, stalled: isStalled(latest, stallBefore) },
      );
      if (latest && decision.action === 'answer') return { row: latest };
      if (latest && decision.action === 'too_soon') return { row: latest, retryAt: decision.retryAt };
      if (latest && decision.action === 'restart') {
        const [restarted] = await tx
          .update(dataExports)
          .set({ attempt: latest.attempt + 1, startedAt: null, progressAt: null })
          .where(eq(dataExports.id, latest.id))
          .returning();
        if (!restarted) throw new Error('data export not restarted');
        return { row: restarted };
      }
      // create or replace: every earlier export of the user goes, its file first.
      for (const old of await tx.select().from(dataExports).where(eq(dataExports.uid, uid))) {
        if (old.storageKey) await removeFile(old.storageKey);
        await tx.delete(dataExports).where(eq(dataExports.id, old.id));
      }
      const [row] = await tx.insert(dataExports).values({ id, uid, requestedAt: now }).returning();
      if (!row) throw new Error('data export not inserted');
      return { row };
    });
  }

  /** Its place among the pending exports, oldest request first (1: next or being prepared). */
  async queuePosition(row: DataExportRow): Promise<number> {
    const [ahead] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.status, 'pending'),
          or(lt(dataExports.requestedAt, row.requestedAt), and(eq(dataExports.requestedAt, row.requestedAt), lt(dataExports.id, row.id))),
        ),
      );
    return (ahead?.n ?? 0) + 1;
  }

  /** Bytes of the archives on disk (ready exports). */
  async bytesOnDisk(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<string>`coalesce(sum(${dataExports.size}), 0)` })
      .from(dataExports)
      .where(eq(dataExports.status, 'ready'));
    return Number(row?.n ?? 0);
  }

  /** Pending exports that have not started, oldest first. */
  async waiting(): Promise<DataExportRow[]> {
    return this.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.status, 'pending'), isNull(dataExports.startedAt)))
      .orderBy(asc(dataExports.requestedAt), asc(dataExports.id));
  }

  /** Claims `attempt` of a pending export for writing; false when another attempt owns it now. */
  async start(id: string, attempt: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(dataExports)
      .set({ startedAt: now, progressAt: now })
      .where(and(eq(dataExports.id, id), eq(dataExports.attempt, attempt), eq(dataExports.status, 'pending')))
      .returning({ id: dataExports.id });
    return rows.length > 0;
  }

  /** The writer's sign of life; false when its attempt no longer owns the export (restarted or deleted). */
  async progress(id: string, attempt: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(dataExports)
      .set({ progressAt: now })
      .where(and(eq(dataExports.id, id), eq(dataExports.attempt, attempt), eq(dataExports.status, 'pending')))
      .returning({ id: dataExports.id });
    return rows.length > 0;
  }

  /** Gives a pending export a new attempt (waiting again); answers the new attempt, or undefined when it is no longer pending. */
  async nextAttempt(id: string, from: number): Promise<number | undefined> {
    const [row] = await this.db
      .update(dataExports)
      .set({ attempt: from + 1, startedAt: null, progressAt: null })
      .where(and(eq(dataExports.id, id), eq(dataExports.attempt, from), eq(dataExports.status, 'pending')))
      .returning({ attempt: dataExports.attempt });
    return row?.attempt;
  }

  /** Pending exports whose writer went silent before `stallBefore` (a crashed server). */
  async stalled(stallBefore: Date): Promise<DataExportRow[]> {
    return this.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.status, 'pending'), lt(dataExports.progressAt, stallBefore)));
  }

  /** Every export row of the user (their files are deleted with the account). */
  async ofUser(uid: string): Promise<DataExportRow[]> {
    return this.db.select().from(dataExports).where(eq(dataExports.uid, uid));
  }

  async find(id: string): Promise<DataExportRow | undefined> {
    const [row] = await this.db.select().from(dataExports).where(eq(dataExports.id, id));
    return row;
  }

  /** The user's newest export that is pending, failed, or ready and not expired at `now`. */
  async latest(uid: string, now: Date): Promise<DataExportRow | undefined> {
    const [row] = await this.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.uid, uid), or(isNull(dataExports.expiresAt), gt(dataExports.expiresAt, now))))
      .orderBy(desc(dataExports.requestedAt))
      .limit(1);
    return row;
  }

  /** Marks the export ready and notifies its owner, in one transaction. */
  /** Answers false when the attempt no longer owns the export (restarted, or the account deleted). */
  async markReady(
    row: { id: string; uid: string; attempt: number },
    storageKey: string,
    size: number,
    readyAt: Date,
    expiresAt: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(dataExports)
        .set({ status: 'ready', storageKey, size, readyAt, expiresAt })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.attempt, row.attempt), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id });
      if (updated.length === 0) return false;
      const subject = { actorUid: row.uid, actorName: '' };
      await tx.insert(notifications).values({
        id: randomUUID(),
        uid: row.uid,
        isRead: false,
        kind: 'data_export_ready',
        params: notificationParams('data_export_ready', subject),
        link: notificationLink('data_export_ready', subject),
        actorUid: row.uid,
        createdDate: readyAt,
        dedupeKey: `data_export_ready:${row.id}`,
      });
      return true;
    });
  }

  async markFailed(id: string, attempt: number): Promise<void> {
    await this.db
      .update(dataExports)
      .set({ status: 'failed' })
      .where(and(eq(dataExports.id, id), eq(dataExports.attempt, attempt), eq(dataExports.status, 'pending')));
  }

  /** Exports whose link ended before `now`, and failed or stuck ones requested before `staleBefore`. */
  async expired(now: Date, staleBefore: Date): Promise<DataExportRow[]> {
    return this.db
      .select()
      .from(dataExports)
      .where(or(lt(dataExports.expiresAt, now), and(isNull(dataExports.expiresAt), lt(dataExports.requestedAt, staleBefore))));
  }

  async ids(): Promise<Set<string>> {
    return new Set((await this.db.select({ id: dataExports.id }).from(dataExports)).map((row) => row.id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(dataExports).where(eq(dataExports.id, id));
  }

  // --- What the account owns ---

  async profile(uid: string) {
    const [row] = await this.db.select().from(users).where(eq(users.uid, uid));
    return row;
  }

  /** The user's posts (not deleted), oldest first, each with its private details row if any. */
  async posts(uid: string) {
    return this.db
      .select({ post: poops, health: healthEntries })
      .from(poops)
      .leftJoin(healthEntries, and(eq(healthEntries.poopId, poops.id), eq(healthEntries.uid, uid)))
      .where(and(eq(poops.uid, uid), sql`NOT ${poops.deleted}`))
      .orderBy(asc(poops.createdDate));
  }

  async diaryOnly(uid: string) {
    return this.db
      .select()
      .from(healthEntries)
      .where(and(eq(healthEntries.uid, uid), isNull(healthEntries.poopId)))
      .orderBy(asc(healthEntries.occurredAt));
  }

  async comments(uid: string) {
    return this.db.select().from(comments).where(eq(comments.uid, uid)).orderBy(asc(comments.created));
  }

  async likes(uid: string) {
    return this.db
      .select({ poopId: likes.poopId, createdAt: likes.createdAt })
      .from(likes)
      .where(eq(likes.uid, uid))
      .orderBy(asc(likes.createdAt));
  }

  async commentLikes(uid: string) {
    return this.db
      .select({ commentId: likesComment.commentId, createdAt: likesComment.createdAt })
      .from(likesComment)
      .where(eq(likesComment.uid, uid))
      .orderBy(asc(likesComment.createdAt));
  }

  /** Whom the user follows and who follows them, by uid and public username. */
  async follows(uid: string) {
    const following = await this.db
      .select({ uid: follows.followeeUid, username: users.username, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.uid, follows.followeeUid))
      .where(eq(follows.followerUid, uid))
      .orderBy(asc(follows.createdAt));
    const followers = await this.db
      .select({ uid: follows.followerUid, username: users.username, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.uid, follows.followerUid))
      .where(eq(follows.followeeUid, uid))
      .orderBy(asc(follows.createdAt));
    return { following, followers };
  }

  /** The chat messages the user sent (never what others sent them), with the peer's uid. */
  async sentMessages(uid: string) {
    return this.db
      .select({
        id: chatMessages.id,
        conversationId: chatMessages.conversationId,
        to: sql<string>`CASE WHEN ${chatConversations.userA} = ${uid} THEN ${chatConversations.userB} ELSE ${chatConversations.userA} END`,
        body: chatMessages.body,
        createdAt: chatMessages.createdAt,
      })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(eq(chatMessages.senderUid, uid))
      .orderBy(asc(chatMessages.createdAt));
  }

  async notifications(uid: string) {
    return this.db
      .select({
        id: notifications.id,
        createdDate: notifications.createdDate,
        kind: notifications.kind,
        params: notifications.params,
        message: notifications.message,
        link: notifications.link,
        isRead: notifications.isRead,
      })
      .from(notifications)
      .where(eq(notifications.uid, uid))
      .orderBy(asc(notifications.createdDate));
  }

  async supportMessages(uid: string) {
    return this.db
      .select({ id: support.id, message: support.message, createdAt: support.createdAt })
      .from(support)
      .where(eq(support.uid, uid))
      .orderBy(asc(support.createdAt));
  }
}

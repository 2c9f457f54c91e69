import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema';

export interface StoredAnswer {
  requestHash: string;
  /** undefined while the first request is in flight. */
  status: number | undefined;
  contentType: string;
  body: string;
  createdAt: Date;
}

/** Idempotency keys per user: claim before the write, store its answer after, forget after a day. */
export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims the key for a first request. Answers true when this request owns it; a stale claim
   * (in flight since before `staleBefore`, its server died) or an expired answer (older than
   * `expiredBefore`) is taken over.
   */
  async claim(uid: string, key: string, requestHash: string, now: Date, staleBefore: Date, expiredBefore: Date): Promise<boolean> {
    const rows = await this.db
      .insert(idempotencyKeys)
      .values({ uid, key, requestHash, status: null, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.uid, idempotencyKeys.key],
        set: { requestHash, status: null, contentType: '', body: '', createdAt: now },
        setWhere: or(
          and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, staleBefore)),
          lt(idempotencyKeys.createdAt, expiredBefore),
        ),
      })
      .returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  }

  async find(uid: string, key: string): Promise<StoredAnswer | undefined> {
    const [row] = await this.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.uid, uid), eq(idempotencyKeys.key, key)));
    if (!row) return undefined;
    return {
      requestHash: row.requestHash,
      status: row.status ?? undefined,
      contentType: row.contentType,
      body: row.body,
      createdAt: row.createdAt,
    };
  }

  async complete(uid: string, key: string, status: number, contentType: string, body: string): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ status, contentType, body })
      .where(and(eq(idempotencyKeys.uid, uid), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
  }

  /** Forgets a claim whose request failed in a way worth retrying (5xx, 409, 429). */
  async release(uid: string, key: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.uid, uid), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
  }

  async pruneOlderThan(before: Date): Promise<number> {
    const rows = await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).returning({ key: idempotencyKeys.key });
    return rows.length;
  }
}

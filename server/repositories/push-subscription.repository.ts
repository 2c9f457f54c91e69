import type { Language } from '../../core/language';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { pushSubscriptions, type PushSubscriptionRow } from '../db/schema';

export interface NewPushSubscription {
  uid: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  applicationPubKey: string;
  expirationTime: Date | null;
  /** The app's language on the device when it subscribed (null: it did not say). */
  language: Language | null;
}

/** Browser push subscriptions, several per user, one row per endpoint. */
export class PushSubscriptionRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts or refreshes the endpoint's row; answers its id. A row of another account moves to
   * `uid` only when the same keys come with it (one browser, another account signed in: only that
   * browser holds them); otherwise nothing changes and the answer is undefined.
   */
  async upsert(subscription: NewPushSubscription, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .insert(pushSubscriptions)
      .values({ id: randomUUID(), ...subscription, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          uid: subscription.uid,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          applicationPubKey: subscription.applicationPubKey,
          expirationTime: subscription.expirationTime,
          language: subscription.language,
          updatedAt: now,
        },
        setWhere: sql`${pushSubscriptions.uid} = excluded.uid OR (${pushSubscriptions.p256dh} = excluded.p256dh AND ${pushSubscriptions.auth} = excluded.auth)`,
      })
      .returning({ id: pushSubscriptions.id });
    return row?.id;
  }

  async findById(id: string): Promise<PushSubscriptionRow | undefined> {
    const [row] = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    return row;
  }

  async listIdsForUser(uid: string): Promise<string[]> {
    const rows = await this.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.uid, uid));
    return rows.map((r) => r.id);
  }

  async deleteForUser(uid: string, id: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.uid, uid), eq(pushSubscriptions.id, id)));
  }

  async deleteEndpointForUser(uid: string, endpoint: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.uid, uid), eq(pushSubscriptions.endpoint, endpoint)));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }
}

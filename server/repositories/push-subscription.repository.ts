import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { pushSubscriptions, type PushSubscriptionRow } from '../db/schema';

export interface NewPushSubscription {
  uid: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  applicationPubKey: string;
  expirationTime: Date | null;
}

/** Browser push subscriptions, several per user, one row per endpoint. */
export class PushSubscriptionRepository {
  constructor(private readonly db: Db) {}

  /** Inserts or refreshes the endpoint's row (moving it to `uid` if another account had it); answers its id. */
  async upsert(subscription: NewPushSubscription, now: Date): Promise<string> {
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
          updatedAt: now,
        },
      })
      .returning({ id: pushSubscriptions.id });
    if (!row) throw new Error('push subscription upsert returned no row');
    return row.id;
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

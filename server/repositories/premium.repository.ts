import { and, eq, ne, sql } from 'drizzle-orm';
import type { SubscriptionState } from '../../core/premium';
import { isPremium, type SubscriptionStatus } from '../../core/user';
import type { Db } from '../db/database';
import { poops, stripeEvents, users } from '../db/schema';
import { applySocialEffects, type NewNotification } from './notification.repository';

/** What billing needs of a user. */
export interface BillingRow {
  uid: string;
  email: string;
  username: string;
  premium: boolean;
  admin: boolean;
  stripeCustomerId: string | null;
  subscriptionId: string | null;
  subscriptionStatus: SubscriptionStatus;
  subscriptionUpdatedAt: Date | null;
}

const billingColumns = {
  uid: users.uid,
  email: users.email,
  username: users.username,
  premium: users.premium,
  admin: users.admin,
  stripeCustomerId: users.stripeCustomerId,
  subscriptionId: users.subscriptionId,
  subscriptionStatus: users.subscriptionStatus,
  subscriptionUpdatedAt: users.subscriptionUpdatedAt,
};

/** The state a user's row holds, as core/premium.ts reads it. */
export function stateOf(row: BillingRow): SubscriptionState {
  return {
    subscriptionId: row.subscriptionId,
    status: row.subscriptionStatus,
    at: row.subscriptionUpdatedAt ? Math.floor(row.subscriptionUpdatedAt.getTime() / 1000) : null,
  };
}

/** The outcome of one subscription change: the state before and after (equal when nothing changed). */
export interface BillingChange {
  before: BillingRow;
  after: BillingRow;
}

/**
 * The premium badge the user's posts carry (poops.is_user_premium, copied at posting so the feed
 * needs no join) set to `premium`, in the caller's transaction: the feed's badge follows the
 * user's, whenever premium starts or ends (webhook, receipt validation, the admin command).
 */
export async function markPostsPremium(tx: Db, uid: string, premium: boolean): Promise<void> {
  await tx
    .update(poops)
    .set({ isUserPremium: premium })
    .where(and(eq(poops.uid, uid), ne(poops.isUserPremium, premium)));
}

/** Stripe's side of a user (customer, subscription) and the webhook's record of handled events. */
export class PremiumRepository {
  constructor(private readonly db: Db) {}

  async find(uid: string): Promise<BillingRow | undefined> {
    const [row] = await this.db.select(billingColumns).from(users).where(eq(users.uid, uid));
    return row as BillingRow | undefined;
  }

  async findByCustomer(customerId: string): Promise<BillingRow | undefined> {
    const [row] = await this.db.select(billingColumns).from(users).where(eq(users.stripeCustomerId, customerId));
    return row as BillingRow | undefined;
  }

  /**
   * Handles one webhook event exactly once: claims its id, then (for the user it is about, row
   * locked) writes the state `decide` answers, with the notification `notify` answers. Answers
   * undefined for an event already handled; `before === after` when the event changed nothing.
   */
  async applyEvent(
    event: { id: string; type: string },
    uid: string | undefined,
    decide: (row: BillingRow) => { state: SubscriptionState; premium: boolean; customerId: string | null },
    notify: (change: BillingChange) => NewNotification | undefined,
  ): Promise<BillingChange | null | undefined> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx.insert(stripeEvents).values(event).onConflictDoNothing().returning({ id: stripeEvents.id });
      if (claimed.length === 0) return undefined;
      if (uid === undefined) return null;
      const change = await this.update(tx, uid, decide);
      if (!change) return null;
      const notification = notify(change);
      if (notification) await applySocialEffects(tx, { notification });
      return change;
    });
  }

  /** Writes a state outside the webhook (validateStripeReceipt), the row locked while deciding. */
  async applyState(
    uid: string,
    decide: (row: BillingRow) => { state: SubscriptionState; premium: boolean; customerId: string | null },
    notify: (change: BillingChange) => NewNotification | undefined,
  ): Promise<BillingChange | undefined> {
    return this.db.transaction(async (tx) => {
      const change = await this.update(tx, uid, decide);
      const notification = change && notify(change);
      if (notification) await applySocialEffects(tx, { notification });
      return change;
    });
  }

  private async update(
    tx: Db,
    uid: string,
    decide: (row: BillingRow) => { state: SubscriptionState; premium: boolean; customerId: string | null },
  ): Promise<BillingChange | undefined> {
    const [row] = await tx.select(billingColumns).from(users).where(eq(users.uid, uid)).for('update');
    if (!row) return undefined;
    const before = row as BillingRow;
    const { state, premium, customerId } = decide(before);
    const after: BillingRow = {
      ...before,
      premium,
      stripeCustomerId: customerId ?? before.stripeCustomerId,
      subscriptionId: state.subscriptionId,
      subscriptionStatus: state.status,
      subscriptionUpdatedAt: state.at === null ? null : new Date(state.at * 1000),
    };
    await tx
      .update(users)
      .set({
        premium: after.premium,
        stripeCustomerId: after.stripeCustomerId,
        subscriptionId: after.subscriptionId,
        subscriptionStatus: after.subscriptionStatus,
        subscriptionUpdatedAt: after.subscriptionUpdatedAt,
        // The receipt validateStripeReceipt checks is the subscription itself.
        receipt: after.subscriptionId ?? '',
        updatedAt: sql`now()`,
      })
      .where(eq(users.uid, uid));
    await markPostsPremium(tx, uid, isPremium(after));
    return { before, after };
  }

  /** Keeps the Stripe customer on the user (a Checkout session made one). */
  async linkCustomer(uid: string, customerId: string): Promise<void> {
    await this.db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.uid, uid));
  }
}

import type { SubscriptionStatus } from './user';

/**
 * Premium through Stripe subscriptions: how Stripe's subscription statuses map to ours, and the
 * webhook state machine. Stripe delivers each event at least once and in no fixed order, so the
 * state after a set of events must not depend on the order they arrived in (see premium.test.ts).
 * The premium rule itself (who counts as premium) is `isPremium` in core/user.ts.
 */

/** Our status for a Stripe subscription status (https://docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export function subscriptionStatusOf(stripeStatus: string): SubscriptionStatus {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    default:
      // canceled, incomplete_expired and anything Stripe adds later: no longer paying.
      return 'canceled';
  }
}

/** What the webhook keeps on the user: the subscription, its status, and the time of the newest event applied. */
export interface SubscriptionState {
  subscriptionId: string | null;
  status: SubscriptionStatus;
  /** Stripe's `event.created` (seconds) of the event that set this state; null before any. */
  at: number | null;
}

/** One subscription event: which subscription, its Stripe status, and when Stripe created the event (seconds). */
export interface SubscriptionEvent {
  subscriptionId: string;
  stripeStatus: string;
  at: number;
}

/** Events of the same second (Stripe's clock resolution) settle on the status further along. */
const RANK: Record<SubscriptionStatus, number> = { '': 0, incomplete: 1, past_due: 2, active: 3, canceled: 4 };

/**
 * The state after one more event. Rules: a canceled subscription stays canceled (Stripe never
 * revives one); an older event than the one applied changes nothing; news of another
 * subscription that is not active does not end an active one (an old subscription's last
 * events may arrive after the user subscribed again).
 */
export function applySubscriptionEvent(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  const status = subscriptionStatusOf(event.stripeStatus);
  const next: SubscriptionState = { subscriptionId: event.subscriptionId, status, at: Math.max(event.at, state.at ?? event.at) };
  if (state.subscriptionId === event.subscriptionId) {
    if (state.status === 'canceled') return state;
    if (status === 'canceled') return next;
    if (state.at !== null && event.at < state.at) return state;
    if (state.at === event.at && RANK[status] < RANK[state.status]) return state;
    return next;
  }
  if (state.subscriptionId !== null && state.status === 'active' && status !== 'active') return state;
  if (state.subscriptionId !== null && status === 'active' && state.status !== 'active') return next;
  if (state.at !== null && event.at < state.at) return state;
  return next;
}

/** The `premium` column that goes with a subscription status. */
export function premiumFor(status: SubscriptionStatus): boolean {
  return status === 'active';
}

/** What validateStripeReceipt decides: expired when Stripe no longer bills it or its paid period has ended. */
export function isSubscriptionExpired(stripeStatus: string, currentPeriodEnd: number | null, nowSeconds: number): boolean {
  if (subscriptionStatusOf(stripeStatus) === 'canceled') return true;
  return currentPeriodEnd !== null && currentPeriodEnd < nowSeconds && subscriptionStatusOf(stripeStatus) !== 'active';
}

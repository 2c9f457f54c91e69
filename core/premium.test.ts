import { describe, expect, it } from 'vitest';
import {
  applySubscriptionEvent,
  isSubscriptionExpired,
  premiumFor,
  subscriptionStatusOf,
  type SubscriptionEvent,
  type SubscriptionState,
} from './premium';
import { isPremium } from './user';

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** A user who never subscribed. */
const NO_SUBSCRIPTION: SubscriptionState = { subscriptionId: null, status: '', at: null };
const replay = (events: SubscriptionEvent[]) => events.reduce(applySubscriptionEvent, NO_SUBSCRIPTION);

describe('the premium rule (spec section 4)', () => {
  it('premium true and status active, or admin', () => {
    expect(isPremium({ premium: true, subscriptionStatus: 'active', admin: false })).toBe(true);
    expect(isPremium({ premium: true, subscriptionStatus: 'canceled', admin: false })).toBe(false);
    expect(isPremium({ premium: false, subscriptionStatus: 'active', admin: false })).toBe(false);
    expect(isPremium({ premium: false, subscriptionStatus: '', admin: true })).toBe(true);
  });
});

describe('the webhook state machine', () => {
  const sub = 'sub_1';
  const created: SubscriptionEvent = { subscriptionId: sub, stripeStatus: 'incomplete', at: 100 };
  const paid: SubscriptionEvent = { subscriptionId: sub, stripeStatus: 'active', at: 101 };
  const late: SubscriptionEvent = { subscriptionId: sub, stripeStatus: 'past_due', at: 200 };
  const recovered: SubscriptionEvent = { subscriptionId: sub, stripeStatus: 'active', at: 210 };
  const deleted: SubscriptionEvent = { subscriptionId: sub, stripeStatus: 'canceled', at: 300 };

  it('in every order, a canceled subscription ends canceled', () => {
    for (const order of permutations([created, paid, late, recovered, deleted])) {
      expect(replay(order)).toEqual({ subscriptionId: sub, status: 'canceled', at: 300 });
    }
  });

  it('in every order, the newest event decides when none cancels', () => {
    for (const order of permutations([created, paid, late, recovered])) expect(replay(order)).toMatchObject({ status: 'active', at: 210 });
    for (const order of permutations([created, paid, late])) expect(replay(order)).toMatchObject({ status: 'past_due', at: 200 });
  });

  it('events of the same second settle on the status further along, in either order', () => {
    const sameSecond = { ...paid, at: 100 };
    expect(replay([created, sameSecond])).toMatchObject({ status: 'active' });
    expect(replay([sameSecond, created])).toMatchObject({ status: 'active' });
  });

  it('a replayed event changes nothing', () => {
    const once = replay([created, paid]);
    expect(applySubscriptionEvent(once, paid)).toEqual(once);
  });

  it('an old subscription ending does not end a newer active one, whichever arrives first', () => {
    const oldEnds: SubscriptionEvent = { subscriptionId: 'sub_old', stripeStatus: 'canceled', at: 500 };
    const newActive: SubscriptionEvent = { subscriptionId: 'sub_new', stripeStatus: 'active', at: 400 };
    expect(replay([newActive, oldEnds])).toMatchObject({ subscriptionId: 'sub_new', status: 'active' });
    expect(replay([oldEnds, newActive])).toMatchObject({ subscriptionId: 'sub_new', status: 'active' });
  });

  it('maps Stripe statuses, and premium follows active', () => {
    expect(['active', 'trialing'].map(subscriptionStatusOf)).toEqual(['active', 'active']);
    expect(['past_due', 'unpaid', 'paused'].map(subscriptionStatusOf)).toEqual(['past_due', 'past_due', 'past_due']);
    expect(['canceled', 'incomplete_expired'].map(subscriptionStatusOf)).toEqual(['canceled', 'canceled']);
    expect(premiumFor('active')).toBe(true);
    expect(premiumFor('past_due')).toBe(false);
  });

  it('a receipt is expired when canceled, or unpaid past its period end', () => {
    expect(isSubscriptionExpired('canceled', 2000, 1000)).toBe(true);
    expect(isSubscriptionExpired('active', 2000, 1000)).toBe(false);
    expect(isSubscriptionExpired('past_due', 999, 1000)).toBe(true);
    expect(isSubscriptionExpired('past_due', 1000, 1000)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isPremium } from './user';

describe('isPremium', () => {
  it('needs premium and an active subscription, or admin', () => {
    expect(isPremium({ premium: true, subscriptionStatus: 'active', admin: false })).toBe(true);
    expect(isPremium({ premium: true, subscriptionStatus: 'canceled', admin: false })).toBe(false);
    expect(isPremium({ premium: false, subscriptionStatus: 'active', admin: false })).toBe(false);
    expect(isPremium({ premium: false, subscriptionStatus: '', admin: true })).toBe(true);
  });
});

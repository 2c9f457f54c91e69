import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, json, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { PremiumPage } from './PremiumPage';

const PAYMENTS_OFF = { configured: false, price: null };
const PAYMENTS_ON = { configured: true, price: { unitAmount: 299, currency: 'eur', interval: 'month' } };

function plan(body: unknown, receipt?: { currentPeriodEnd: string }) {
  return stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/premium/plan') return json(200, body);
    if (method === 'POST' && path === '/api/validateStripeReceipt' && receipt) {
      return json(200, { isExpired: false, subscription: { id: 'sub_1', status: 'active', currentPeriodEnd: receipt.currentPeriodEnd } });
    }
    return undefined;
  });
}

describe('PremiumPage (issue 42: premium for users, not for operators)', () => {
  it('with payments off tells a visitor what premium gives and, in one sentence, that it is not offered here: no operator command', async () => {
    plan(PAYMENTS_OFF);
    const { container } = renderInApp(<PremiumPage />, { user: aUser() });
    expect(await screen.findByText('Premium is not offered on this server.')).toBeTruthy();
    expect(screen.getByText(/Chat: private, realtime conversations/)).toBeTruthy();
    expect(container.textContent).not.toMatch(/npm|admin --/);
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('shows a subscriber their status, renewal date and Manage subscription, not Subscribe', async () => {
    plan(PAYMENTS_ON, { currentPeriodEnd: '2026-12-27T12:00:00.000Z' });
    renderInApp(<PremiumPage />, {
      user: aUser({ premium: true, subscriptionStatus: 'active', subscription: { id: 'sub_1' } }),
    });
    expect(await screen.findByRole('heading', { name: 'You are premium.' })).toBeTruthy();
    expect(screen.getByText('Subscription status: active')).toBeTruthy();
    expect(await screen.findByText(/^Renews on .*2026/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Manage subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('says so when an administrator granted premium (no subscription), with payments off too', async () => {
    plan(PAYMENTS_OFF);
    const { container } = renderInApp(<PremiumPage />, { user: aUser({ premium: true, subscriptionStatus: 'active' }) });
    expect(await screen.findByText('Your premium was granted by an administrator.')).toBeTruthy();
    expect(screen.queryByText('Premium is not offered on this server.')).toBeNull();
    expect(container.textContent).not.toMatch(/npm/);
  });

  it('tells an admin they count as premium', async () => {
    plan(PAYMENTS_OFF);
    renderInApp(<PremiumPage />, { user: aUser({ admin: true }) });
    expect(await screen.findByText('As an admin you count as premium.')).toBeTruthy();
  });
});

import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { ownStack } from './stacks';

/*
 * Premium set up the way production does it: a signed Stripe webhook (checkout.session.completed)
 * reaches the server, which reads the subscription from Stripe's API, here a local stand-in on the
 * port after this worker's stack (e2e/stacks.ts). A spec calls `useStripeStandIn()` at its top.
 */

const WEBHOOK_SECRET = 'whsec_test_e2e';
const subscriptions = new Map<string, { id: string; customer: string; status: string }>();
const signer = new Stripe('sk_test_e2e');

/** Starts the Stripe API stand-in before the spec's tests and stops it after them. */
export function useStripeStandIn(): void {
  let stripeApi: http.Server;
  test.beforeAll(async () => {
    stripeApi = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const match = /^\/v1\/subscriptions\/([^/?]+)/.exec(req.url ?? '');
        const found = match ? subscriptions.get(decodeURIComponent(match[1]!)) : undefined;
        res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            found
              ? {
                  ...found,
                  object: 'subscription',
                  items: { object: 'list', data: [{ current_period_end: Math.floor(Date.now() / 1000) + 86400 * 30 }] },
                }
              : { error: { type: 'invalid_request_error', message: 'No such object' } },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => stripeApi.listen(ownStack().stripePort, '127.0.0.1', resolve));
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => stripeApi.close(() => resolve()));
  });
}

/** Checkout completed for this page's user: Stripe's signed webhook, then a reload shows the new state; the user's uid. */
export async function becomePremium(page: Page): Promise<string> {
  const me = (await (await page.request.get('/api/me')).json()) as { user: { uid: string } };
  const uid = me.user.uid;
  subscriptions.set(`sub_${uid}`, { id: `sub_${uid}`, customer: `cus_${uid}`, status: 'active' });
  const payload = JSON.stringify({
    id: `evt_${uid}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    type: 'checkout.session.completed',
    data: {
      object: { id: `cs_${uid}`, object: 'checkout.session', client_reference_id: uid, customer: `cus_${uid}`, subscription: `sub_${uid}` },
    },
  });
  const res = await page.request.post('/api/stripe/webhook', {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    data: payload,
  });
  expect(res.status()).toBe(200);
  await page.reload();
  return uid;
}

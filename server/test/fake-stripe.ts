import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { onTestFinished } from 'vitest';

export const FAKE_STRIPE_PRICE_ID = 'price_test_premium';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test_secret';

export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  current_period_end: number;
}

/**
 * A stand-in for the parts of Stripe's API Plop calls (prices, Checkout and billing portal
 * sessions, subscriptions), speaking its documented wire format: form-encoded requests, JSON
 * objects with `object`, and `{ error }` with 404 for a missing object. The real `stripe` SDK
 * talks to it through STRIPE_API_URL.
 */
export async function fakeStripe() {
  const subscriptions = new Map<string, FakeSubscription>();
  const checkouts: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
        res.end(JSON.stringify(body));
      };
      const missing = () => send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } });
      if (req.method === 'GET' && url.pathname === `/v1/prices/${FAKE_STRIPE_PRICE_ID}`) {
        return send(200, {
          id: FAKE_STRIPE_PRICE_ID,
          object: 'price',
          unit_amount: 299,
          currency: 'eur',
          recurring: { interval: 'month' },
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        checkouts.push(form);
        const id = `cs_test_${checkouts.length}`;
        return send(200, { id, object: 'checkout.session', mode: form.get('mode'), url: `https://checkout.stripe.test/pay/${id}` });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        return send(200, {
          id: 'bps_1',
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/session/${form.get('customer')}`,
        });
      }
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sub) {
        const found = subscriptions.get(decodeURIComponent(sub[1]!));
        if (!found) return missing();
        return send(200, {
          id: found.id,
          object: 'subscription',
          customer: found.customer,
          status: found.status,
          items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: found.current_period_end }] },
        });
      }
      return missing();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    subscriptions,
    checkouts,
    /** The app's STRIPE_* settings for this stand-in. */
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PRICE_ID: FAKE_STRIPE_PRICE_ID,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: url,
    },
  };
}

const signer = new Stripe('sk_test_fake');
let eventSeq = 0;

/** A Stripe event payload as its webhooks send it. */
export function stripeEvent(type: string, object: Record<string, unknown>, created: number, id = `evt_${++eventSeq}_${Date.now()}`) {
  return JSON.stringify({ id, object: 'event', api_version: '2025-10-29.clover', created, type, livemode: false, data: { object } });
}

/** The Stripe-Signature header Stripe would send with `payload`. */
export function webhookSignature(payload: string, secret = FAKE_STRIPE_WEBHOOK_SECRET): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret });
}

/** POSTs a webhook payload signed with the test secret (or `secret`), as Stripe would. */
export async function deliverWebhook(app: FastifyInstance, payload: string, secret = FAKE_STRIPE_WEBHOOK_SECRET) {
  const signature = webhookSignature(payload, secret);
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** Makes the user premium the way production does: Checkout completes, the webhook arrives. */
export async function becomePremiumThroughWebhook(
  app: FastifyInstance,
  stripe: Awaited<ReturnType<typeof fakeStripe>>,
  uid: string,
  created = Math.floor(Date.now() / 1000),
) {
  const subscriptionId = `sub_${uid}`;
  const customer = `cus_${uid}`;
  stripe.subscriptions.set(subscriptionId, { id: subscriptionId, customer, status: 'active', current_period_end: created + 30 * 86400 });
  const payload = stripeEvent(
    'checkout.session.completed',
    { id: `cs_${uid}`, object: 'checkout.session', client_reference_id: uid, customer, subscription: subscriptionId, mode: 'subscription' },
    created,
  );
  const res = await deliverWebhook(app, payload);
  if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
  return { subscriptionId, customer };
}

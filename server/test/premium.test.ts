import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { becomePremiumThroughWebhook, deliverWebhook, fakeStripe, stripeEvent } from './fake-stripe';
import { build, signIn } from './helpers';
import { buildWithFiles, putPoop } from './poop-helpers';

async function me(app: Awaited<ReturnType<typeof build>>['app'], cookie: string) {
  return (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
}

describe('premium without Stripe configured (the local default)', () => {
  it('explains premium with no price, and refuses to take payments', async () => {
    const { app } = await build();
    const plan = await app.inject({ method: 'GET', url: '/api/premium/plan' });
    expect(plan.json()).toEqual({ configured: false, price: null });
    const { cookie } = await signIn(app);
    const checkout = await app.inject({ method: 'POST', url: '/api/premium/checkout', headers: { cookie } });
    expect(checkout.statusCode).toBe(503);
    expect(checkout.json().error).toEqual({
      code: 'payments_not_configured',
      message: 'Payments are not set up on this server.',
      reason: 'paymentsNotConfigured',
    });
  });
});

describe('premium with Stripe (a local stand-in speaking its API, the real SDK)', () => {
  it('reads the price, and Checkout carries the uid as client_reference_id in subscription mode', async () => {
    const stripe = await fakeStripe();
    const { app } = await build(stripe.env);
    expect((await app.inject({ method: 'GET', url: '/api/premium/plan' })).json()).toEqual({
      configured: true,
      price: { unitAmount: 299, currency: 'eur', interval: 'month' },
    });
    const { cookie, user } = await signIn(app);
    const res = await app.inject({ method: 'POST', url: '/api/premium/checkout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    const sent = stripe.checkouts[0]!;
    expect(sent.get('mode')).toBe('subscription');
    expect(sent.get('client_reference_id')).toBe(user.uid);
    expect(sent.get('line_items[0][price]')).toBe('price_test_premium');
  });

  it('checkout -> webhook -> premium active, with a notification; the portal then opens for the kept customer', async () => {
    const stripe = await fakeStripe();
    const { app } = await build(stripe.env);
    const { cookie, user } = await signIn(app);
    const { subscriptionId, customer } = await becomePremiumThroughWebhook(app, stripe, user.uid);
    const after = await me(app, cookie);
    expect(after).toMatchObject({
      premium: true,
      subscriptionStatus: 'active',
      subscription: { id: subscriptionId },
      receipt: subscriptionId,
    });
    const notes = await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
    expect(JSON.stringify(notes.json())).toContain('Your premium is active');
    const portal = await app.inject({ method: 'POST', url: '/api/premium/portal', headers: { cookie } });
    expect(portal.json().url).toBe(`https://billing.stripe.test/session/${customer}`);
  });

  it('a replayed event changes nothing twice; an older event arriving late does not undo a newer one', async () => {
    const stripe = await fakeStripe();
    const { app } = await build(stripe.env);
    const { cookie, user } = await signIn(app);
    const t = Math.floor(Date.now() / 1000);
    const { subscriptionId, customer } = await becomePremiumThroughWebhook(app, stripe, user.uid, t);
    const sub = (status: string) => ({ id: subscriptionId, object: 'subscription', customer, status, items: { object: 'list', data: [] } });

    const deleted = stripeEvent('customer.subscription.deleted', sub('canceled'), t + 20);
    const lateUpdate = stripeEvent('customer.subscription.updated', sub('active'), t + 10);
    expect((await deliverWebhook(app, deleted)).statusCode).toBe(200);
    expect((await deliverWebhook(app, lateUpdate)).statusCode).toBe(200);
    expect(await me(app, cookie)).toMatchObject({ premium: false, subscriptionStatus: 'canceled' });
    // The same delivery again (Stripe retries): still 200, still canceled.
    expect((await deliverWebhook(app, deleted)).statusCode).toBe(200);
    expect(await me(app, cookie)).toMatchObject({ premium: false, subscriptionStatus: 'canceled' });

    // A new subscription after that makes the user premium again; the old one's news does not end it.
    const next = `sub_${randomUUID()}`;
    await deliverWebhook(app, stripeEvent('customer.subscription.updated', { ...sub('active'), id: next }, t + 30));
    await deliverWebhook(app, stripeEvent('customer.subscription.updated', sub('past_due'), t + 40));
    expect(await me(app, cookie)).toMatchObject({ premium: true, subscriptionStatus: 'active', subscription: { id: next } });
  });

  it('an invalid signature is 400 and changes nothing', async () => {
    const stripe = await fakeStripe();
    const { app } = await build(stripe.env);
    const { cookie, user } = await signIn(app);
    stripe.subscriptions.set('sub_x', { id: 'sub_x', customer: 'cus_x', status: 'active', current_period_end: 0 });
    const payload = stripeEvent(
      'checkout.session.completed',
      { id: 'cs_x', object: 'checkout.session', client_reference_id: user.uid, customer: 'cus_x', subscription: 'sub_x' },
      Math.floor(Date.now() / 1000),
    );
    const res = await deliverWebhook(app, payload, 'whsec_not_the_secret');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_signature');
    expect(await me(app, cookie)).toMatchObject({ premium: false, subscriptionStatus: '', subscription: null });
    // The event was not recorded: the genuine delivery of it still counts.
    expect((await deliverWebhook(app, payload)).statusCode).toBe(200);
    expect(await me(app, cookie)).toMatchObject({ premium: true });
  });

  it('validateStripeReceipt: active stays premium; expired (first-load validation) downgrades the user', async () => {
    const stripe = await fakeStripe();
    const { app } = await build(stripe.env);
    const { cookie, user } = await signIn(app);
    const { subscriptionId } = await becomePremiumThroughWebhook(app, stripe, user.uid);
    const validate = () =>
      app.inject({ method: 'POST', url: '/api/validateStripeReceipt', headers: { cookie }, payload: { receiptId: subscriptionId } });
    const active = await validate();
    expect(active.statusCode).toBe(200);
    expect(active.json()).toMatchObject({ isExpired: false, subscription: { id: subscriptionId, status: 'active' } });
    expect(await me(app, cookie)).toMatchObject({ premium: true, subscriptionStatus: 'active' });

    stripe.subscriptions.get(subscriptionId)!.status = 'canceled';
    const expired = await validate();
    expect(expired.json()).toMatchObject({ isExpired: true, subscription: { id: subscriptionId } });
    expect(await me(app, cookie)).toMatchObject({ premium: false, subscriptionStatus: 'canceled', subscription: { id: subscriptionId } });

    // Someone else's receipt is not theirs to validate.
    const other = await signIn(app);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/validateStripeReceipt',
      headers: { cookie: other.cookie },
      payload: { receiptId: subscriptionId },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('the premium badge on feed cards and comments follows the author: posts made before premium show it once they subscribe, and lose it when it ends', async () => {
    const stripe = await fakeStripe();
    const { app } = await buildWithFiles(stripe.env);
    const { cookie, user } = await signIn(app);
    const id = randomUUID();
    expect((await putPoop(app, cookie, id, { title: 'Before premium' })).statusCode).toBe(201);
    const badge = async () => {
      const feed = (await app.inject({ method: 'GET', url: '/api/poops/feed', headers: { cookie } })).json();
      return feed.poops.find((p: { id: string }) => p.id === id)?.isUserPremium;
    };
    expect(await badge()).toBe(false);

    const { subscriptionId } = await becomePremiumThroughWebhook(app, stripe, user.uid);
    // The feed page read above is not served again: the change emptied the feed cache.
    expect(await badge()).toBe(true);
    // Their comments carry it too.
    const commented = await app.inject({
      method: 'POST',
      url: `/api/poops/${id}/comments`,
      headers: { cookie },
      payload: { id: randomUUID(), text: 'Premium words' },
    });
    expect(commented.statusCode).toBeLessThan(300);
    const listed = (await app.inject({ method: 'GET', url: `/api/poops/${id}/comments`, headers: { cookie } })).json();
    expect(listed.comments.map((c: { isUserPremium: boolean }) => c.isUserPremium)).toEqual([true]);

    stripe.subscriptions.get(subscriptionId)!.status = 'canceled';
    await app.inject({ method: 'POST', url: '/api/validateStripeReceipt', headers: { cookie }, payload: { receiptId: subscriptionId } });
    expect(await badge()).toBe(false);
  });
});

import Stripe from 'stripe';
import type { StripeConfig } from '../config';

/** A subscription as the premium service needs it. */
export interface StripeSubscriptionView {
  id: string;
  status: string;
  customerId: string;
  /** Seconds since the epoch; null when Stripe gave none. */
  currentPeriodEnd: number | null;
}

export interface StripeCheckoutView {
  id: string;
  clientReferenceId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
}

/** A verified webhook event, reduced to what the premium service reads. */
export type StripeWebhookEvent =
  | { id: string; created: number; kind: 'checkout'; checkout: StripeCheckoutView }
  | { id: string; created: number; kind: 'subscription'; subscription: StripeSubscriptionView }
  | { id: string; created: number; kind: 'other'; type: string };

/** The Stripe calls Plop makes, through the official SDK (pointed at STRIPE_API_URL in tests). */
export interface PaymentProvider {
  price(): Promise<{ unitAmount: number; currency: string; interval: string }>;
  createCheckout(input: { uid: string; email: string; customerId: string | null; successUrl: string; cancelUrl: string }): Promise<string>;
  createPortal(input: { customerId: string; returnUrl: string }): Promise<string>;
  subscription(id: string): Promise<StripeSubscriptionView | undefined>;
  /** Verifies the Stripe-Signature header against STRIPE_WEBHOOK_SECRET; throws when it does not match. */
  verifyWebhook(rawBody: string, signature: string): StripeWebhookEvent;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function subscriptionView(subscription: Stripe.Subscription): StripeSubscriptionView {
  return {
    id: subscription.id,
    status: subscription.status,
    customerId: idOf(subscription.customer) ?? '',
    // Since API 2025-03-31 the billing period lives on the items.
    currentPeriodEnd: subscription.items?.data?.[0]?.current_period_end ?? null,
  };
}

export function stripePayments(config: StripeConfig): PaymentProvider {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    // A person is waiting on every call (checkout, portal, receipt): a hung Stripe answers within
    // about 16 s (8 s, one retry) rather than the SDK's 80 s default or a minute of retries.
    maxNetworkRetries: 1,
    timeout: 8_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });
  return {
    async price() {
      const price = await stripe.prices.retrieve(config.priceId);
      return { unitAmount: price.unit_amount ?? 0, currency: price.currency, interval: price.recurring?.interval ?? 'month' };
    },
    async createCheckout({ uid, email, customerId, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: config.priceId, quantity: 1 }],
        // The webhook finds its user by this, and by the customer kept on the user afterwards.
        client_reference_id: uid,
        ...(customerId ? { customer: customerId } : { customer_email: email || undefined }),
        subscription_data: { metadata: { uid } },
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a Checkout session without a url');
      return session.url;
    },
    async createPortal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
    async subscription(id) {
      try {
        return subscriptionView(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
        throw error;
      }
    },
    verifyWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      const base = { id: event.id, created: event.created };
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          return {
            ...base,
            kind: 'checkout',
            checkout: {
              id: session.id,
              clientReferenceId: session.client_reference_id,
              customerId: idOf(session.customer),
              subscriptionId: idOf(session.subscription),
            },
          };
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
        case 'customer.subscription.paused':
        case 'customer.subscription.resumed':
          return { ...base, kind: 'subscription', subscription: subscriptionView(event.data.object) };
        default:
          return { ...base, kind: 'other', type: event.type };
      }
    },
  };
}

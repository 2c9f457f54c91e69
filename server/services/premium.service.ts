import type { FastifyBaseLogger } from 'fastify';
import type { PremiumPlanResponse, ValidateReceiptResponse } from '../../core/chat-api';
import {
  applySubscriptionEvent,
  isSubscriptionExpired,
  premiumFor,
  subscriptionStatusOf,
  type SubscriptionState,
} from '../../core/premium';
import { notificationLink, notificationParams } from '../../core/notification-kinds';
import { SERVER_MESSAGES } from '../../core/server-messages';
import { isPremium } from '../../core/user';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { PaymentProvider, StripeWebhookEvent } from '../integrations/stripe';
import type { NewNotification } from '../repositories/notification.repository';
import { stateOf, type BillingChange, type BillingRow, type PremiumRepository } from '../repositories/premium.repository';
import type { FeedInvalidation } from './feed-page-cache';

/** Payments are not set up on this server (no STRIPE_* configuration). */
export class PaymentsNotConfiguredError extends AppError {
  constructor() {
    super(503, 'payments_not_configured', SERVER_MESSAGES.paymentsNotConfigured);
  }
}

/** The notification a change of premium sends its user (spec: the webhook keeps premium current "and notifies the user"). */
function premiumNotification(change: BillingChange, now: Date): NewNotification | undefined {
  const was = isPremium(change.before);
  const is = isPremium(change.after);
  if (was === is) return undefined;
  const kind = is ? 'premium_started' : 'premium_ended';
  const subject = { actorUid: change.after.uid, actorName: change.after.username };
  return {
    uid: change.after.uid,
    kind,
    params: notificationParams(kind, subject),
    link: notificationLink(kind, subject),
    actorUid: change.after.uid,
    poopId: null,
    dedupeKey: `${kind}:${change.after.subscriptionId ?? ''}:${now.getTime()}`,
    createdDate: now,
  };
}

/**
 * Premium through Stripe: the plan, Checkout and the billing portal, the webhook that keeps
 * the user's premium, subscription, subscriptionStatus and receipt current, and
 * validateStripeReceipt (spec sections 4 and 7). Without STRIPE_* it still answers the plan
 * (not configured) and refuses the paying calls with 503 payments_not_configured.
 */
export class PremiumService {
  constructor(
    private readonly deps: {
      billing: PremiumRepository;
      /** A change of premium changes the badge on the user's feed cards. */
      feed: FeedInvalidation;
      payments: PaymentProvider | undefined;
      publicUrl: string;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  private payments(): PaymentProvider {
    if (!this.deps.payments) throw new PaymentsNotConfiguredError();
    return this.deps.payments;
  }

  async plan(): Promise<PremiumPlanResponse> {
    if (!this.deps.payments) return { configured: false, price: null };
    try {
      return { configured: true, price: await this.deps.payments.price() };
    } catch (error) {
      // The page still explains premium; the subscribe button then says what failed.
      this.deps.log.warn({ err: error }, 'could not read the premium price from Stripe');
      return { configured: true, price: null };
    }
  }

  async checkout(uid: string): Promise<{ url: string }> {
    const payments = this.payments();
    const user = await this.user(uid);
    const url = await payments.createCheckout({
      uid,
      email: user.email,
      customerId: user.stripeCustomerId,
      successUrl: `${this.deps.publicUrl}/root/premium-confirmation?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${this.deps.publicUrl}/root/premium`,
    });
    return { url };
  }

  async portal(uid: string): Promise<{ url: string }> {
    const payments = this.payments();
    const user = await this.user(uid);
    if (!user.stripeCustomerId) throw new ValidationError('You have no subscription to manage yet.');
    return { url: await payments.createPortal({ customerId: user.stripeCustomerId, returnUrl: `${this.deps.publicUrl}/root/premium` }) };
  }

  /**
   * One verified webhook delivery. Idempotent on the event id; the state machine in
   * core/premium.ts makes the outcome independent of the order events arrive in.
   */
  async webhook(rawBody: string, signature: string | undefined): Promise<void> {
    const payments = this.payments();
    let event: StripeWebhookEvent;
    try {
      event = payments.verifyWebhook(rawBody, signature ?? '');
    } catch (error) {
      this.deps.log.warn({ err: error }, 'refused a Stripe webhook with an invalid signature');
      throw new ValidationError(SERVER_MESSAGES.invalidSignature, 'invalid_signature');
    }
    const now = this.deps.now();
    const notify = (change: BillingChange) => premiumNotification(change, now);
    if (event.kind === 'checkout') {
      const { checkout } = event;
      const uid =
        checkout.clientReferenceId ??
        (checkout.customerId ? (await this.deps.billing.findByCustomer(checkout.customerId))?.uid : undefined);
      // The subscription's status is read from Stripe: the checkout event does not carry it.
      const subscription = checkout.subscriptionId ? await payments.subscription(checkout.subscriptionId) : undefined;
      await this.deps.feed.invalidating(() =>
        this.deps.billing.applyEvent(
          { id: event.id, type: 'checkout.session.completed' },
          uid,
          (row) => {
            const state = subscription
              ? applySubscriptionEvent(stateOf(row), {
                  subscriptionId: subscription.id,
                  stripeStatus: subscription.status,
                  at: event.created,
                })
              : stateOf(row);
            return { state, premium: premiumFor(state.status), customerId: checkout.customerId };
          },
          notify,
        ),
      );
      return;
    }
    if (event.kind === 'subscription') {
      const { subscription } = event;
      const owner = await this.deps.billing.findByCustomer(subscription.customerId);
      if (!owner) this.deps.log.warn({ eventId: event.id }, 'a Stripe subscription event for a customer no user has; recorded and ignored');
      await this.deps.feed.invalidating(() =>
        this.deps.billing.applyEvent(
          { id: event.id, type: 'customer.subscription' },
          owner?.uid,
          (row) => {
            const state = applySubscriptionEvent(stateOf(row), {
              subscriptionId: subscription.id,
              stripeStatus: subscription.status,
              at: event.created,
            });
            return { state, premium: premiumFor(state.status), customerId: subscription.customerId };
          },
          notify,
        ),
      );
      return;
    }
    await this.deps.billing.applyEvent(
      { id: event.id, type: event.type },
      undefined,
      () => ({ state: { subscriptionId: null, status: '', at: null }, premium: false, customerId: null }),
      notify,
    );
  }

  /**
   * Spec section 7 `/validateStripeReceipt` and section 4 "On first load": the receipt is the
   * user's own subscription id. Expired: premium false, subscriptionStatus canceled; otherwise
   * premium true and status active.
   */
  async validateReceipt(uid: string, receiptId: string): Promise<ValidateReceiptResponse> {
    const payments = this.payments();
    const user = await this.user(uid);
    if (user.subscriptionId !== receiptId) throw new ForbiddenError(SERVER_MESSAGES.notYourReceipt);
    const subscription = await payments.subscription(receiptId);
    const nowSeconds = Math.floor(this.deps.now().getTime() / 1000);
    const isExpired = !subscription || isSubscriptionExpired(subscription.status, subscription.currentPeriodEnd, nowSeconds);
    const now = this.deps.now();
    await this.deps.feed.invalidating(() =>
      this.deps.billing.applyState(
        uid,
        (row): { state: SubscriptionState; premium: boolean; customerId: string | null } => ({
          state: { subscriptionId: receiptId, status: isExpired ? 'canceled' : 'active', at: Math.max(nowSeconds, stateOf(row).at ?? 0) },
          premium: !isExpired,
          customerId: subscription?.customerId || null,
        }),
        (change) => premiumNotification(change, now),
      ),
    );
    return {
      isExpired,
      subscription: {
        id: receiptId,
        status: subscription ? subscriptionStatusOf(subscription.status) : 'canceled',
        currentPeriodEnd: subscription?.currentPeriodEnd ? new Date(subscription.currentPeriodEnd * 1000).toISOString() : null,
      },
    };
  }

  private async user(uid: string): Promise<BillingRow> {
    const user = await this.deps.billing.find(uid);
    if (!user) throw new NotFoundError(SERVER_MESSAGES.noSuchUser);
    return user;
  }
}

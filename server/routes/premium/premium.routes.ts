import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import {
  PremiumPlanResponse,
  RedirectResponse,
  ValidateReceiptBody,
  ValidateReceiptResponse,
  WebhookResponse,
} from '../../../core/chat-api';
import { requireAccount, requirePrincipal } from '../../plugins/session';
import type { PremiumService } from '../../services/premium.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody };

/** Premium (spec sections 4, 6, 7): the plan, Stripe Checkout and billing portal, the webhook, validateStripeReceipt. */
export const premiumRoutes =
  (premium: PremiumService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/premium/plan',
      {
        schema: {
          tags: ['premium'],
          summary: 'What premium costs, or that payments are not set up',
          response: { 200: PremiumPlanResponse },
        },
      },
      async () => premium.plan(),
    );
    app.post(
      '/api/premium/checkout',
      {
        onRequest: requireAccount,
        schema: { tags: ['premium'], summary: 'A Stripe Checkout session (subscription)', response: { 200: RedirectResponse, ...errors } },
      },
      async (request) => premium.checkout(requirePrincipal(request).uid),
    );
    app.post(
      '/api/premium/portal',
      {
        onRequest: requireAccount,
        schema: {
          tags: ['premium'],
          summary: 'The Stripe billing portal (manage or cancel)',
          response: { 200: RedirectResponse, ...errors },
        },
      },
      async (request) => premium.portal(requirePrincipal(request).uid),
    );
    app.post(
      '/api/validateStripeReceipt',
      {
        onRequest: requireAccount,
        schema: {
          tags: ['premium'],
          summary: 'Checks the user’s subscription with Stripe (spec 7)',
          body: ValidateReceiptBody,
          response: { 200: ValidateReceiptResponse, ...errors },
        },
      },
      async (request) => premium.validateReceipt(requirePrincipal(request).uid, request.body.receiptId),
    );

    // The webhook's signature covers the exact bytes Stripe sent, so this route (and only this
    // one: the parser is scoped to this plugin) reads its body as text.
    await app.register(async (hook) => {
      hook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      hook.post(
        '/api/stripe/webhook',
        { schema: { tags: ['premium'], summary: 'Stripe webhook (signed)', response: { 200: WebhookResponse, ...errors } } },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          await premium.webhook(
            typeof request.body === 'string' ? request.body : '',
            typeof signature === 'string' ? signature : undefined,
          );
          return { received: true };
        },
      );
    });
  };

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import {
  PushPublicKeyResponse,
  PushSubscriptionBody,
  PushSubscriptionResponse,
  PushTokenParams,
  PushUnsubscribeBody,
} from '../../../core/push-api';
import { requirePrincipal, requireSession } from '../../plugins/session';
import type { PushService } from '../../services/push.service';

const tags = ['push'];

/** Web Push: the VAPID public key, and registering/unregistering this device's subscription. */
export const pushRoutes =
  (deps: { push: PushService; now: () => Date }): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/push/public-key',
      {
        schema: {
          tags,
          summary: "The server's VAPID public key (applicationServerKey for pushManager.subscribe)",
          response: { 200: PushPublicKeyResponse },
        },
      },
      async () => ({ publicKey: deps.push.publicKey }),
    );

    app.post(
      '/api/push/subscriptions',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary:
            'Register this device: PushSubscription.toJSON() (+ applicationPubKey). Answers a token (the subscription id); ' +
            're-registering the same endpoint answers the same token. Endpoints must be https.',
          body: PushSubscriptionBody,
          response: { 200: PushSubscriptionResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => ({ token: await deps.push.register(requirePrincipal(request).uid, request.body, deps.now()) }),
    );

    app.delete(
      '/api/push/subscriptions/:token',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: 'Unregister a device by its token (idempotent)',
          params: PushTokenParams,
          response: { 204: Type.Null(), 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request, reply) => {
        await deps.push.unregister(requirePrincipal(request).uid, request.params.token);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/push/subscriptions/unsubscribe',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: 'Unregister a device by its endpoint, when the token is lost (idempotent)',
          body: PushUnsubscribeBody,
          response: { 204: Type.Null(), 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request, reply) => {
        await deps.push.unregisterEndpoint(requirePrincipal(request).uid, request.body.endpoint);
        return reply.status(204).send(null);
      },
    );
  };

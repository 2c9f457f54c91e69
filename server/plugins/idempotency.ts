import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_IN_FLIGHT_TIMEOUT_MS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_REPLAYED_HEADER,
} from '../../core/idempotency';
import type { IdempotencyRepository } from '../repositories/idempotency.repository';

/**
 * The writes the outbox replays that take an `Idempotency-Key` (JSON bodies). Most are also
 * idempotent by themselves (client UUIDs, PUT/DELETE); the key makes the *answer* the same too
 * and covers edits, whose replay would otherwise move the post's modification date again.
 * The photo upload (multipart PUT /api/poops/:id) is idempotent by its client UUID alone.
 */
export const IDEMPOTENT_ROUTES: ReadonlyArray<readonly [method: string, url: string]> = [
  ['POST', '/api/poops/:id/comments'],
  ['PATCH', '/api/poops/:id'],
  ['DELETE', '/api/poops/:id'],
  ['DELETE', '/api/comments/:id'],
  ['PUT', '/api/poops/:id/like'],
  ['DELETE', '/api/poops/:id/like'],
  ['PUT', '/api/comments/:id/like'],
  ['DELETE', '/api/comments/:id/like'],
  ['PUT', '/api/users/:uid/follow'],
  ['DELETE', '/api/users/:uid/follow'],
  ['POST', '/api/support'],
  ['PATCH', '/api/me'],
];

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: { uid: string; key: string } | undefined;
  }
}

function takesKey(method: string | string[], url: string): boolean {
  const methods = Array.isArray(method) ? method : [method];
  return methods.some((m) => IDEMPOTENT_ROUTES.some(([rm, ru]) => rm === m.toUpperCase() && ru === url));
}

/** What "the same request" means for a key: method, URL (with query) and the parsed body. */
export function idempotencyRequestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, url, body ?? null]))
    .digest('hex');
}

function requestHash(request: FastifyRequest): string {
  return idempotencyRequestHash(request.method, request.url, request.body);
}

function error(code: string, message: string) {
  return { error: { code, message } };
}

/**
 * Idempotency-Key for the routes above: the first request claims the key (per user), its
 * answer is stored; the same key with the same request answers that stored answer (with
 * `Idempotent-Replayed: true`), with another request 422, while the first is in flight 409.
 * Answers worth retrying (5xx, 409, 429) are not kept, so the retry runs again. Must be
 * registered before the routes (it documents the header on each of them).
 */
export function registerIdempotency(app: FastifyInstance, keys: IdempotencyRepository, now: () => Date): void {
  app.decorateRequest('idempotencyClaim', undefined);

  app.addHook('onRoute', (route) => {
    if (!takesKey(route.method, route.url)) return;
    route.config = { ...route.config, idempotency: true };
    const schema = route.schema ?? {};
    const headers = (schema.headers ?? { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
    route.schema = {
      ...schema,
      headers: {
        ...headers,
        type: 'object',
        properties: {
          ...headers.properties,
          [HEADER]: {
            type: 'string',
            minLength: 1,
            maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
            description:
              'Optional. A client-chosen unique key (e.g. a UUID) per logical write: a replay with the same key and body ' +
              'answers the first answer; with another body 422; while the first is in flight 409. Kept 24 h.',
          },
        },
      },
    };
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotency) return;
    const key = request.headers[HEADER];
    if (typeof key !== 'string' || key === '' || !request.principal) return;
    const uid = request.principal.uid;
    const hash = requestHash(request);
    const at = now();
    const claimed = await keys.claim(
      uid,
      key,
      hash,
      at,
      new Date(at.getTime() - IDEMPOTENCY_IN_FLIGHT_TIMEOUT_MS),
      new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS),
    );
    if (claimed) {
      request.idempotencyClaim = { uid, key };
      return;
    }
    const stored = await keys.find(uid, key);
    if (stored && stored.requestHash !== hash) {
      return reply.status(422).send(error('idempotency_key_reused', IDEMPOTENCY_MESSAGES.reusedWithOtherBody));
    }
    if (!stored || stored.status === undefined) {
      return reply.status(409).send(error('conflict', IDEMPOTENCY_MESSAGES.inFlight));
    }
    reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
    if (stored.contentType) reply.header('content-type', stored.contentType);
    return reply.status(stored.status).send(stored.body === '' ? null : stored.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const status = reply.statusCode;
    const retryable = status >= 500 || status === 409 || status === 429;
    if (retryable || (payload !== null && payload !== undefined && typeof payload !== 'string')) {
      await keys.release(claim.uid, claim.key);
    } else {
      const contentType = String(reply.getHeader('content-type') ?? '');
      await keys.complete(claim.uid, claim.key, status, contentType, payload ?? '');
    }
    return payload;
  });
}

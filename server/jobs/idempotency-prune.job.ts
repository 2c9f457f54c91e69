import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_TTL_MS } from '../../core/idempotency';
import type { IdempotencyRepository } from '../repositories/idempotency.repository';
import { every } from './job-queue';

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Forgets Idempotency-Keys older than a day, hourly (a plain DELETE: harmless on several instances). */
export function scheduleIdempotencyPrune(app: FastifyInstance, keys: IdempotencyRepository, now: () => Date): void {
  every(app, PRUNE_EVERY_MS, 'idempotency key prune', async () => {
    await keys.pruneOlderThan(new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS));
  });
}

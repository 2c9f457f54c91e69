import type { FastifyInstance } from 'fastify';
import type { DeliverJob, PushService } from '../services/push.service';
import { every, type JobQueue } from './job-queue';

export const PUSH_DELIVER_QUEUE = 'push-deliver';
/** Deliveries retried on 429/5xx/network errors: 6 tries over about 10 minutes at the default delay. */
const PUSH_RETRY_LIMIT = 5;

/**
 * Web Push from the notifications outbox: a sweep (every JOBS_POLL_MS, on every instance,
 * harmless twice thanks to deterministic job ids) turns pending notification rows into one
 * `push-deliver` job per device; the queue delivers them with retries and back-off.
 */
export function schedulePush(
  app: FastifyInstance,
  deps: { push: PushService; queue: JobQueue; pollMs: number; retryDelaySeconds: number },
): void {
  deps.queue.define<DeliverJob>({
    name: PUSH_DELIVER_QUEUE,
    retryLimit: PUSH_RETRY_LIMIT,
    retryDelaySeconds: deps.retryDelaySeconds,
    handle: (job) => deps.push.deliver(job),
  });
  every(app, deps.pollMs, 'push outbox sweep', async () => {
    await deps.push.sweep();
  });
}

import type { FastifyInstance } from 'fastify';
import type { SessionService } from '../services/session.service';

const PRUNE_EVERY_MS = 60 * 60_000;

/** Deletes expired sessions once the server is ready, then every hour until it closes. */
export function scheduleSessionPruning(app: FastifyInstance, sessions: SessionService, now: () => Date): void {
  let timer: NodeJS.Timeout | undefined;
  const prune = async () => {
    try {
      const pruned = await sessions.pruneExpired(now());
      if (pruned > 0) app.log.info({ pruned }, 'pruned expired sessions');
    } catch (error) {
      app.log.error({ err: error }, 'could not prune expired sessions');
    }
  };
  app.addHook('onReady', async () => {
    void prune();
    timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

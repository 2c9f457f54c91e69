import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../services/account.service';

const RETRY_EVERY_MS = 60_000;

/**
 * Finishes account deletions that failed midway: once when the server is ready, then every
 * minute until the server closes.
 */
export function scheduleAccountDeletionRetries(app: FastifyInstance, accounts: AccountService): void {
  let timer: NodeJS.Timeout | undefined;
  const resume = async () => {
    try {
      const finished = await accounts.resumePending();
      if (finished > 0) app.log.info({ finished }, 'finished pending account deletions');
    } catch (error) {
      app.log.error({ err: error }, 'could not resume pending account deletions');
    }
  };
  app.addHook('onReady', async () => {
    void resume();
    timer = setInterval(() => void resume(), RETRY_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

import type { FastifyInstance } from 'fastify';
import type { StorageSweepService } from '../services/storage-sweep.service';

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Runs the storage sweep once the server is ready (finishing whatever a crash left: staged
 * writes, files with no row, a deleted post's files, folders still under an e-mail), then every
 * ten minutes until the server closes. Its state is the rows themselves, so it survives restarts.
 */
export function scheduleStorageSweep(app: FastifyInstance, sweeper: StorageSweepService, now: () => Date): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= (async () => {
      try {
        const report = await sweeper.sweep(now());
        if (Object.values(report).some((n) => n > 0)) app.log.info(report, 'storage sweep');
      } catch (error) {
        app.log.error({ err: error }, 'storage sweep failed; it runs again later');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

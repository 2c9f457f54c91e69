import type { FastifyInstance } from 'fastify';
import { DATA_EXPORT_STALL_MS, type DataExportJob, type DataExportService } from '../services/data-export.service';
import { every, type JobQueue } from './job-queue';

export const DATA_EXPORT_QUEUE = 'data-export';
/** How often expired archives are looked for (each instance; deleting twice is harmless). */
const SWEEP_EVERY_MS = 15 * 60_000;
/** How often exports whose writer went silent (a killed server) are looked for and started afresh. */
const RECOVER_EVERY_MS = DATA_EXPORT_STALL_MS / 3;

/**
 * "Download my data" (issue 43): the archive is built by a pg-boss job (its id the export's, so
 * it runs once across instances and after a restart); expired archives are swept on a timer.
 */
export function scheduleDataExports(app: FastifyInstance, deps: { exports: DataExportService; queue: JobQueue; now: () => Date }): void {
  deps.queue.define<DataExportJob>({
    name: DATA_EXPORT_QUEUE,
    // build() records its own failure; a server that died mid-way is noticed by the export's
    // progress going silent (DATA_EXPORT_STALL_MS, recover() below), which starts a new attempt.
    retryLimit: 0,
    retryDelaySeconds: 60,
    // Only a backstop: progress, not this, decides when an attempt is dead, so a large archive
    // is never cut short and a killed one waits seconds, not this long.
    expireInSeconds: 60 * 60,
    handle: (job) => deps.exports.build(job),
  });
  every(app, RECOVER_EVERY_MS, 'data export recovery', async () => {
    const restarted = await deps.exports.recover(deps.now());
    if (restarted > 0) app.log.warn({ restarted }, 'data exports started afresh after their writer went silent');
  });
  every(app, SWEEP_EVERY_MS, 'data export sweep', async () => {
    const removed = await deps.exports.sweep(deps.now());
    if (removed > 0) app.log.info({ removed }, 'data export sweep');
  });
}

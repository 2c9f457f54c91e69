import type { FastifyInstance } from 'fastify';
import type { DataExportJob, DataExportService } from '../services/data-export.service';
import { every, type JobQueue } from './job-queue';

export const DATA_EXPORT_QUEUE = 'data-export';
/** How often expired archives are looked for (each instance; deleting twice is harmless). */
const SWEEP_EVERY_MS = 15 * 60_000;

/**
 * "Download my data" (issue 43): the archive is built by a pg-boss job (its id the export's, so
 * it runs once across instances and after a restart); expired archives are swept on a timer.
 */
export function scheduleDataExports(app: FastifyInstance, deps: { exports: DataExportService; queue: JobQueue; now: () => Date }): void {
  deps.queue.define<DataExportJob>({
    name: DATA_EXPORT_QUEUE,
    // build() records its own failure; a retry only follows a server that died mid-way.
    retryLimit: 1,
    retryDelaySeconds: 60,
    // A large account's photos take a while to stream.
    expireInSeconds: 60 * 60,
    handle: (job) => deps.exports.build(job),
  });
  every(app, SWEEP_EVERY_MS, 'data export sweep', async () => {
    const removed = await deps.exports.sweep(deps.now());
    if (removed > 0) app.log.info({ removed }, 'data export sweep');
  });
}

import type { FastifyInstance } from 'fastify';
import type { DatasetExportJob, ModerationService, ScreeningJob } from '../services/moderation.service';
import { ModerationService as Moderation } from '../services/moderation.service';
import { every, type JobQueue } from './job-queue';

export const AI_SCREENING_QUEUE = 'ai-screening';
export const DATASET_EXPORT_QUEUE = 'dataset-export';
export const DAILY_REPORT_QUEUE = 'daily-report';
/** How often each instance offers the daily report job (its id is the day, so it runs once). */
const DAILY_REPORT_CHECK_MS = 15 * 60_000;

/**
 * Moderation's background work on the pg-boss queue: AI screening of each new post, the dataset
 * export after a third verification, and the daily report for the previous New York day.
 */
export function scheduleModeration(
  app: FastifyInstance,
  deps: { moderation: ModerationService; queue: JobQueue; now: () => Date; retryDelaySeconds: number },
): void {
  deps.queue.define<ScreeningJob>({
    name: AI_SCREENING_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: deps.retryDelaySeconds,
    handle: (job) => deps.moderation.screenPost(job),
  });
  deps.queue.define<DatasetExportJob>({
    name: DATASET_EXPORT_QUEUE,
    retryLimit: 5,
    retryDelaySeconds: deps.retryDelaySeconds,
    // One image read and saved: a job left claimed by a killed server is retried after a minute.
    expireInSeconds: 60,
    handle: (job) => deps.moderation.exportToDataset(job),
  });
  deps.queue.define<{ day: string }>({
    name: DAILY_REPORT_QUEUE,
    retryLimit: 5,
    retryDelaySeconds: deps.retryDelaySeconds,
    handle: async (job) => {
      await deps.moderation.writeDailyReport(job.day);
    },
  });
  // Yesterday's report is written at start (one idempotent insert, no queue), so a fresh install's
  // report screen has figures at once instead of after the first period.
  app.addHook('onReady', async () => {
    const { day } = Moderation.reportDay(deps.now());
    await deps.moderation
      .writeDailyReport(day)
      .catch((error: unknown) => app.log.error({ err: error, day }, 'could not write the daily report'));
  });
  // The first queued offer waits one period, so a server that starts and stops at once (tests, a
  // one-off command) does not start the queue for it.
  let started = false;
  every(app, DAILY_REPORT_CHECK_MS, 'daily report', async () => {
    if (!started) {
      started = true;
      return;
    }
    const { day } = Moderation.reportDay(deps.now());
    // The job id is the day: whichever instance offers it first, it runs once.
    await deps.queue.send(DAILY_REPORT_QUEUE, { day }, [day]);
  });
}

import type { StreakReminderJob, StreakService } from '../services/streak.service';
import type { JobQueue } from './job-queue';

export const STREAK_REMINDER_QUEUE = 'streak-reminder';

/** One job per (user, last activity, snoozed or not): queued twice, it runs once. */
export const streakReminderJobKey = (job: StreakReminderJob): readonly string[] => [
  job.uid,
  job.lastActivity,
  job.snoozed ? 'snoozed' : 'due',
];

/**
 * The streak reminder (issue 44) on the pg-boss queue: a delayed job (`startAfter` = the reminder
 * time of core/streak-reminder.ts) per last activity; it survives restarts and runs once across
 * instances. A later post makes it do nothing (the service checks the last activity when it runs).
 */
export function scheduleStreakReminders(deps: { streaks: StreakService; queue: JobQueue; retryDelaySeconds: number }): void {
  deps.queue.define<StreakReminderJob>({
    name: STREAK_REMINDER_QUEUE,
    retryLimit: 5,
    retryDelaySeconds: deps.retryDelaySeconds,
    expireInSeconds: 60,
    handle: (job) => deps.streaks.remind(job),
  });
}

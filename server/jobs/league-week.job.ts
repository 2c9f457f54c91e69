import type { FastifyInstance } from 'fastify';
import { leagueWeekNamed, previousLeagueWeek } from '../../core/league';
import type { LeagueService } from '../services/league.service';
import { jobId } from '../services/moderation.service';
import { every, type JobQueue } from './job-queue';

export const LEAGUE_WEEK_CLOSE_QUEUE = 'league-week-close';
/** How often each instance offers the week close (its id is the week, so it runs once a week). */
const LEAGUE_WEEK_CHECK_MS = 15 * 60_000;

/**
 * Closes last week's leagues (core/league.ts: Monday 00:00 New York time) once: the job's id is
 * the week, and each league's week is recorded under a unique key, so several servers, a retry or
 * a board read that closed it first change nothing. pg-boss cron is off in this app (JobQueue:
 * `schedule: false`), so, like the daily report, each instance offers the job every 15 minutes and
 * the first offer after Monday 00:00 runs it.
 */
export function scheduleLeagueWeekClose(
  app: FastifyInstance,
  deps: { leagues: LeagueService; queue: JobQueue; now: () => Date; retryDelaySeconds: number },
): void {
  deps.queue.define<{ week: string }>({
    name: LEAGUE_WEEK_CLOSE_QUEUE,
    retryLimit: 5,
    retryDelaySeconds: deps.retryDelaySeconds,
    handle: async (job) => {
      await deps.leagues.closeWeek(leagueWeekNamed(job.week));
    },
  });
  // The first offer waits one period, so a server that starts and stops at once does not start the queue for it.
  let started = false;
  every(app, LEAGUE_WEEK_CHECK_MS, 'league week close', async () => {
    if (!started) {
      started = true;
      return;
    }
    const { week } = previousLeagueWeek(deps.now());
    await deps.queue.send(LEAGUE_WEEK_CLOSE_QUEUE, { week }, jobId('league-week-close', week));
  });
}

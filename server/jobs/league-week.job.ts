import type { FastifyInstance } from 'fastify';
import { POOP_TIMEZONE } from '../../core/constants';
import { leagueWeekNamed, previousLeagueWeek } from '../../core/league';
import type { LeagueService } from '../services/league.service';
import type { JobQueue } from './job-queue';

export const LEAGUE_WEEK_CLOSE_QUEUE = 'league-week-close';
/** Monday 00:00 New York time (core/league.ts), pg-boss cron with its `tz`: a league week's end. */
export const LEAGUE_WEEK_CLOSE_CRON = '0 0 * * 1';
/** How long after start the schedule is set (and so the queue started): start-up never waits for it. */
const SCHEDULE_START_DELAY_MS = 60_000;

/**
 * Closes last week's leagues: the job's alone (the board only reads). pg-boss's cron sends one job
 * each Monday 00:00 New York time across every server on the database; the job closes the week
 * before the one it runs in. Each league's week is recorded under a unique key, so a retry or a
 * second run changes nothing. When the schedule is set (a minute after start), a server also
 * sends one catch-up job for the last week, keyed by the week, in case no server was up at the tick.
 */
export function scheduleLeagueWeekClose(
  app: FastifyInstance,
  deps: { leagues: LeagueService; queue: JobQueue; now: () => Date; retryDelaySeconds: number },
): void {
  defineLeagueWeekClose(deps);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      startLeagueWeekClose(deps).catch((error: unknown) => app.log.error({ err: error }, 'could not schedule the league week close'));
    }, SCHEDULE_START_DELAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
  });
}

/** The queue's job: closes the week it names, or (a cron tick, no data) the week before now. */
export function defineLeagueWeekClose(deps: { leagues: LeagueService; queue: JobQueue; now: () => Date; retryDelaySeconds: number }): void {
  deps.queue.define<{ week?: string }>({
    name: LEAGUE_WEEK_CLOSE_QUEUE,
    retryLimit: 5,
    retryDelaySeconds: deps.retryDelaySeconds,
    handle: async (job) => {
      await deps.leagues.closeWeek(job.week ? leagueWeekNamed(job.week) : previousLeagueWeek(deps.now()));
    },
  });
}

/** Sets the weekly schedule and sends the catch-up job for the last week (harmless when it is closed). */
export async function startLeagueWeekClose(deps: { queue: JobQueue; now: () => Date }): Promise<void> {
  await deps.queue.schedule(LEAGUE_WEEK_CLOSE_QUEUE, LEAGUE_WEEK_CLOSE_CRON, POOP_TIMEZONE);
  const { week } = previousLeagueWeek(deps.now());
  await deps.queue.send(LEAGUE_WEEK_CLOSE_QUEUE, { week }, [week]);
}

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { POOP_TIMEZONE } from '../../core/constants';
import { LEAGUE_WIN_POINTS, leagueWeekOf } from '../../core/league';
import type { LeagueBoardResponse } from '../../core/league-api';
import { JobQueue } from '../jobs/job-queue';
import { defineLeagueWeekClose, LEAGUE_WEEK_CLOSE_CRON, LEAGUE_WEEK_CLOSE_QUEUE, startLeagueWeekClose } from '../jobs/league-week.job';
import { AchievementRepository } from '../repositories/achievement.repository';
import { LeagueRepository } from '../repositories/league.repository';
import { AchievementService } from '../services/achievement.service';
import { LeagueService } from '../services/league.service';
import { build, signIn, TestClock } from './helpers';
import { closeWeekAsTheJob } from './league-helpers';
import { putPoop, scalar, signInMonthOld } from './poop-helpers';

/** Issue 61 §2: leagues that cannot farm points; issue 64: the owner hears who joined; issue 60: the job closes weeks. */
type Session = Awaited<ReturnType<typeof signIn>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function createLeague(app: FastifyInstance, owner: Session, name: string) {
  const id = randomUUID();
  const res = await app.inject({ method: 'PUT', url: `/api/leagues/${id}`, headers: { cookie: owner.cookie }, payload: { name } });
  expect(res.statusCode).toBe(201);
  return { id, code: res.json<{ league: { code: string } }>().league.code };
}

async function join(app: FastifyInstance, who: Session, code: string) {
  const res = await app.inject({ method: 'PUT', url: `/api/leagues/join/${code}`, headers: { cookie: who.cookie } });
  expect(res.statusCode).toBe(200);
}

async function post(app: FastifyInstance, who: Session, at: Date) {
  const res = await putPoop(app, who.cookie, randomUUID(), { createdDate: at.toISOString() });
  expect(res.statusCode).toBe(201);
}

async function board(app: FastifyInstance, who: Session, id: string) {
  const res = await app.inject({ method: 'GET', url: `/api/leagues/${id}`, headers: { cookie: who.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<LeagueBoardResponse>();
}

const points = (database: Awaited<ReturnType<typeof build>>['database'], who: Session) =>
  scalar(database, sql`SELECT current_points AS n FROM users WHERE uid = ${who.user.uid}`);

// Each test signs in on the real clock, which dates the emulator's ID tokens, and only then moves the
// server's clock through the week: a moment of this week can be ahead of the real clock (on a Monday
// morning every one is), and seen from there a token just signed is too old to open a session.
describe('league weeks that cannot be farmed', () => {
  it('awards nobody unless three members logged a day, counts a member from the day they joined, and tells the owner who joined', async () => {
    const clock = new TestClock();
    const week = leagueWeekOf(clock.now());
    const { app, database } = await build({}, { clock });
    const [owner, ann, late] = [
      await signInMonthOld(app, database),
      await signInMonthOld(app, database),
      await signInMonthOld(app, database),
    ];
    clock.set(new Date(week.start.getTime() + HOUR));
    const { id, code } = await createLeague(app, owner, 'Office');
    await join(app, ann, code);

    // The owner hears of the join (once, however often it is replayed).
    await join(app, ann, code);
    const notes = await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: owner.cookie } });
    const joined = notes.json<{ notifications: Array<{ kind: string; message: string; link: string }> }>().notifications;
    expect(joined.filter((n) => n.kind === 'league_joined')).toEqual([
      expect.objectContaining({ message: `${ann.user.username} joined Office`, link: `/root/league/${id}` }),
    ]);

    // Monday and Tuesday posts; the late member posts on Monday and Tuesday too, but joins on Thursday.
    clock.set(new Date(week.start.getTime() + DAY + 3 * HOUR));
    await post(app, owner, new Date(week.start.getTime() + 2 * HOUR));
    await post(app, owner, new Date(week.start.getTime() + DAY + 2 * HOUR));
    await post(app, ann, new Date(week.start.getTime() + 2 * HOUR));
    await post(app, late, new Date(week.start.getTime() + 2 * HOUR));
    await post(app, late, new Date(week.start.getTime() + DAY + 2 * HOUR));
    clock.set(new Date(week.start.getTime() + 3 * DAY + 12 * HOUR));
    await join(app, late, code);
    const days = (await board(app, owner, id)).board.map((r) => [r.username, r.daysLogged]);
    expect(days).toContainEqual([late.user.username, 0]);
    expect(days).toContainEqual([owner.user.username, 2]);

    // Two members logged a day: the week closes with no winner and no points.
    const before = await points(database, owner);
    clock.set(week.end);
    await closeWeekAsTheJob(database, clock.now, week);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM league_wins WHERE league_id = ${id}`)).toBe(0);
    expect(await points(database, owner)).toBe(before);
    expect((await board(app, ann, id)).lastWinners).toEqual({ week: week.week, usernames: [] });
  });

  it("counts the joining day in the zone each day was counted in: a post before the account's zone was recorded still counts that day", async () => {
    const clock = new TestClock();
    const week = leagueWeekOf(clock.now());
    const { app, database } = await build({}, { clock });
    const owner = await signInMonthOld(app, database);
    // Wednesday 20:00 in New York is Thursday 15:00 in Kiritimati (UTC+14): the same moment, two days.
    clock.set(new Date(week.start.getTime() + 2 * DAY + 20 * HOUR));
    // No zone recorded yet: the post's day is Wednesday, in New York (core/personal-day.ts).
    await post(app, owner, clock.now());
    const zone = await app.inject({
      method: 'PATCH',
      url: '/api/streak/settings',
      headers: { cookie: owner.cookie },
      payload: { timeZone: 'Pacific/Kiritimati' },
    });
    expect(zone.statusCode, zone.body).toBe(200);
    clock.set(new Date(clock.now().getTime() + 60_000));
    const { id } = await createLeague(app, owner, 'Night owls');
    // Joined Wednesday in New York, the zone of that post's day: the day counts.
    const days = (await board(app, owner, id)).board.map((r) => [r.username, r.daysLogged]);
    expect(days).toEqual([[owner.user.username, 1]]);
  });

  it('pays one win a week however many leagues a person tops; every win is still counted', async () => {
    const clock = new TestClock();
    const week = leagueWeekOf(clock.now());
    const { app, database } = await build({}, { clock });
    const [top, b, c] = [await signInMonthOld(app, database), await signInMonthOld(app, database), await signInMonthOld(app, database)];
    clock.set(new Date(week.start.getTime() + HOUR));
    const leagues = [await createLeague(app, top, 'One'), await createLeague(app, top, 'Two')];
    for (const { code } of leagues) for (const member of [b, c]) await join(app, member, code);
    clock.set(new Date(week.start.getTime() + DAY + 3 * HOUR));
    await post(app, top, new Date(week.start.getTime() + 2 * HOUR));
    await post(app, top, new Date(week.start.getTime() + DAY + 2 * HOUR));
    await post(app, b, new Date(week.start.getTime() + 2 * HOUR));
    await post(app, c, new Date(week.start.getTime() + 2 * HOUR));
    const before = await points(database, top);

    clock.set(week.end);
    await closeWeekAsTheJob(database, clock.now, week);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM league_wins WHERE uid = ${top.user.uid}`)).toBe(2);
    expect(await points(database, top)).toBe(before + LEAGUE_WIN_POINTS);
    for (const { id } of leagues) expect((await board(app, b, id)).lastWinners?.usernames).toEqual([top.user.username]);
  });

  it("is closed by pg-boss's cron, Monday 00:00 New York time, and a catch-up job for the last week", async () => {
    const clock = new TestClock();
    const week = leagueWeekOf(clock.now());
    const { app, database } = await build({}, { clock });
    const owner = await signInMonthOld(app, database);
    clock.set(new Date(week.start.getTime() + HOUR));
    const { id } = await createLeague(app, owner, 'Cron');

    clock.set(new Date(week.end.getTime() + HOUR));
    const queue = new JobQueue(database, app.log, 500, { cron: true });
    onTestFinished(() => queue.stop());
    const now = clock.now;
    const leagues = new LeagueService(
      new LeagueRepository(database.db),
      new AchievementService(new AchievementRepository(database.db), now),
      now,
    );
    defineLeagueWeekClose({ leagues, queue, now, retryDelaySeconds: 1 });
    await startLeagueWeekClose({ queue, now });

    const result = await database.db.execute(sql.raw(`SELECT name, cron, timezone FROM ${database.jobsSchema}.schedule`));
    const schedules = (result as { rows: Array<{ name: string; cron: string; timezone: string }> }).rows;
    expect(schedules).toEqual([{ name: LEAGUE_WEEK_CLOSE_QUEUE, cron: LEAGUE_WEEK_CLOSE_CRON, timezone: POOP_TIMEZONE }]);
    expect(LEAGUE_WEEK_CLOSE_CRON).toBe('0 0 * * 1');
    await vi.waitFor(
      async () => {
        expect(
          await scalar(database, sql`SELECT count(*) AS n FROM league_weeks WHERE league_id = ${id} AND week = ${week.week}::date`),
        ).toBe(1);
      },
      { timeout: 30_000, interval: 250 },
    );
  });
});

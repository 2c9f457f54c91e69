import fs from 'node:fs';
import { POOP_TIMEZONE } from '../../core/constants';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { STREAK_FREEZE_PRICE_POINTS, STREAK_WINDOW_HOURS } from '../../core/constants';
import { STREAK_MESSAGES } from '../../core/streak-api';
import type { Database } from '../db/database';
import { build, TestClock } from './helpers';
import { putPoop, scalar, signInMonthOld } from './poop-helpers';
import { browserKeys, decrypt, pushEndpoint } from './push-stand-in';

const HOUR = 3_600_000;

async function post(app: FastifyInstance, cookie: string, madeAt: Date) {
  const res = await putPoop(app, cookie, randomUUID(), { createdDate: madeAt.toISOString() });
  expect(res.statusCode, res.body).toBe(201);
}

/** Posts at `madeAt` and answers what the post earned (the PUT's `earned`). */
async function postEarning(app: FastifyInstance, cookie: string, madeAt: Date) {
  const res = await putPoop(app, cookie, randomUUID(), { createdDate: madeAt.toISOString() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().earned;
}

async function streakOf(app: FastifyInstance, cookie: string) {
  const res = await app.inject({ method: 'GET', url: '/api/streak', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const buy = (app: FastifyInstance, cookie: string, id: string, boughtAt?: Date) =>
  app.inject({
    method: 'PUT',
    url: `/api/streak/freezes/${id}`,
    headers: { cookie },
    payload: boughtAt ? { boughtAt: boughtAt.toISOString() } : {},
  });

describe('streak freezes', () => {
  it('ten concurrent buys with one id are one purchase; at most 2 held; 409 with a clear message past that', async () => {
    const { app, database } = await build();
    const user = await signInMonthOld(app, database);
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(app, user.cookie, id)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    for (const res of answers) expect(res.json()).toMatchObject({ freezesHeld: 1, currentPoints: 300 - STREAK_FREEZE_PRICE_POINTS });
    expect(await scalar(database, sql`SELECT count(*) AS n FROM streak_freezes WHERE uid = ${user.user.uid}`)).toBe(1);

    expect((await buy(app, user.cookie, randomUUID())).json()).toMatchObject({ freezesHeld: 2, currentPoints: 100 });
    const third = await buy(app, user.cookie, randomUUID());
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ error: { code: 'streak_freezes_full', message: STREAK_MESSAGES.freezesFull } });
    expect((await streakOf(app, user.cookie)).currentPoints).toBe(100);

    // Another user's id is not yours to replay.
    const other = await signInMonthOld(app, database);
    expect((await buy(app, other.cookie, id)).statusCode).toBe(409);
  });

  it('not enough points: 409 not_enough_points, nothing bought or spent', async () => {
    const { app, database } = await build();
    const user = await signInMonthOld(app, database);
    await database.db.execute(sql`UPDATE users SET current_points = ${STREAK_FREEZE_PRICE_POINTS - 1} WHERE uid = ${user.user.uid}`);
    const res = await buy(app, user.cookie, randomUUID());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'not_enough_points', message: STREAK_MESSAGES.notEnoughPoints } });
    expect(await streakOf(app, user.cookie)).toMatchObject({ freezesHeld: 0, currentPoints: STREAK_FREEZE_PRICE_POINTS - 1 });
  });

  it('a missed day consumes the freeze and keeps the streak; a late post that fills the day gives it back', async () => {
    const clock = new TestClock();
    const { app, database } = await build({}, { clock });
    const user = await signInMonthOld(app, database);
    // Noon in New York five days ago; the app's clock an hour later.
    const base = DateTime.now().setZone(POOP_TIMEZONE).minus({ days: 5 }).set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
    const day = (n: number) => base.plus({ days: n }).toISODate()!;
    clock.set(new Date(base.toMillis() + HOUR));
    await post(app, user.cookie, base.toJSDate());
    expect((await buy(app, user.cookie, randomUUID())).statusCode).toBe(201);

    // A freeze bought offline after the streak ended counts from when it was bought: too late to keep that streak.
    const late = await signInMonthOld(app, database);
    await post(app, late.cookie, base.toJSDate());
    clock.set(new Date(base.toMillis() + 30 * HOUR));
    expect((await buy(app, late.cookie, randomUUID(), new Date(base.toMillis() + 29 * HOUR))).json()).toMatchObject({
      currentStreak: 0,
      freezesHeld: 1,
      frozenDays: [],
    });
    // ... one bought offline before the end (sent later) keeps it.
    const early = await signInMonthOld(app, database);
    await post(app, early.cookie, base.toJSDate());
    expect((await buy(app, early.cookie, randomUUID(), new Date(base.toMillis() + 27 * HOUR))).json()).toMatchObject({
      currentStreak: 1,
      freezesHeld: 0,
      frozenDays: [day(1)],
    });

    // At exactly 28 h nothing is used yet.
    clock.set(new Date(base.toMillis() + STREAK_WINDOW_HOURS * HOUR));
    expect(await streakOf(app, user.cookie)).toMatchObject({ currentStreak: 1, freezesHeld: 1, frozenDays: [] });

    // The next morning (day 2, 04:00): day 1 went without a post, the freeze kept the streak.
    clock.set(new Date(base.toMillis() + 40 * HOUR));
    expect(await streakOf(app, user.cookie)).toMatchObject({ currentStreak: 1, freezesHeld: 0, frozenDays: [day(1)] });
    // A read writes nothing: the freeze used is recorded by the next write.
    expect(await scalar(database, sql`SELECT count(*) AS n FROM streak_freezes_used WHERE uid = ${user.user.uid}`)).toBe(0);
    await post(app, user.cookie, clock.now());
    expect(await scalar(database, sql`SELECT count(*) AS n FROM streak_freezes_used WHERE uid = ${user.user.uid} AND NOT given_back`)).toBe(
      1,
    );
    expect(await streakOf(app, user.cookie)).toMatchObject({ currentStreak: 2, frozenDays: [day(1)], postedDays: [day(2), day(0)] });
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).json();
    expect(me.user.currentStreak).toBe(2);

    // A post made offline on day 1 arrives: the day is filled, the freeze is held again.
    await post(app, user.cookie, base.plus({ days: 1, hours: -2 }).toJSDate());
    expect(await streakOf(app, user.cookie)).toMatchObject({ currentStreak: 3, freezesHeld: 1, frozenDays: [] });
    expect(await scalar(database, sql`SELECT count(*) AS n FROM streak_freezes_used WHERE uid = ${user.user.uid} AND given_back`)).toBe(1);
  });
});

async function buildPushApp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-streak-'));
  onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return build({ DATA_DIR: dataDir, WEB_PUSH_ALLOW_HTTP: '1', JOBS_POLL_MS: '200', WEB_PUSH_RETRY_DELAY_SECONDS: '1' });
}

/** A user with notifications on, one device at the stand-in, in a zone where it is now `localHour` o'clock. */
async function subscriber(app: FastifyInstance, database: Database, endpoint: string, localHour: number) {
  const session = await signInMonthOld(app, database);
  await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: session.cookie }, payload: { enableNotifications: true } });
  // Etc/GMT+N is N hours behind UTC.
  const behind = ((new Date().getUTCHours() - localHour + 24 + 12) % 24) - 12;
  const timeZone = behind === 0 ? 'Etc/GMT' : `Etc/GMT${behind > 0 ? '+' : '-'}${Math.abs(behind)}`;
  const settings = await app.inject({
    method: 'PATCH',
    url: '/api/streak/settings',
    headers: { cookie: session.cookie },
    payload: { timeZone },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const keys = browserKeys();
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie: session.cookie },
    payload: { endpoint, expirationTime: null, keys: keys.json },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...session, keys };
}

/** The queue's waiting reminder checks, by the activity they are for. */
async function waitingReminders(database: Database, uid: string): Promise<{ lastActivity: string; startAfter: Date }[]> {
  const result = await database.executeSql(
    `SELECT data->>'lastActivity' AS "lastActivity", start_after AS "startAfter" FROM ${database.jobsSchema}.job
     WHERE name = 'streak-reminder' AND state = 'created' AND data->>'uid' = $1`,
    [uid],
  );
  return (result.rows as { lastActivity: string; startAfter: string | Date }[]).map((row) => ({
    lastActivity: row.lastActivity,
    startAfter: new Date(row.startAfter),
  }));
}

/** The time reaches the waiting reminder of `lastActivity`: the queue runs it now. */
async function fire(database: Database, uid: string, lastActivity: Date) {
  await database.executeSql(
    `UPDATE ${database.jobsSchema}.job SET start_after = now() WHERE name = 'streak-reminder' AND state = 'created' AND data->>'uid' = $1 AND data->>'lastActivity' = $2`,
    [uid, lastActivity.toISOString()],
  );
}

/** Waits until the reminder check of `lastActivity` has run (its job completed). */
async function jobDone(database: Database, uid: string, lastActivity: Date) {
  await vi.waitFor(
    async () => {
      const result = await database.executeSql(
        `SELECT count(*) AS n FROM ${database.jobsSchema}.job WHERE name = 'streak-reminder' AND state = 'completed' AND data->>'uid' = $1 AND data->>'lastActivity' = $2`,
        [uid, lastActivity.toISOString()],
      );
      expect(Number((result.rows as { n: string }[])[0]!.n), 'the reminder job did not run').toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 100 },
  );
}

/** The streak reminders the server wrote for `uid`: what a push is sent for, one each. The job writes it before it returns. */
const remindersWritten = (database: Database, uid: string) =>
  scalar(database, sql`SELECT count(*) AS n FROM notifications WHERE uid = ${uid} AND kind = 'streak_reminder'`);

/** How long a written reminder may take to reach the push stand-in (the delivery is a job of its own). */
const DELIVERY = { timeout: 10_000, interval: 100 };

/**
 * The streak reminders among the pushes the push service received for a subscriber, decrypted
 * (a first post also earns an achievement, whose notification is pushed too).
 */
function reminderPushes(service: { received: { body: Buffer }[] }, keys: Parameters<typeof decrypt>[1]) {
  return service.received
    .map((push) => JSON.parse(decrypt(push.body, keys)) as { title: string; body: string })
    .filter((payload) => payload.title === 'Keep your streak');
}

describe('streak reminders', () => {
  it('23.6 h after the last post the reminder is sent once, as a push with Post now and Snooze 1 hour', async () => {
    const { app, database } = await buildPushApp();
    const service = await pushEndpoint();
    const user = await subscriber(app, database, `${service.origin}/push/a`, 12);
    const last = new Date(Date.now() - 23.6 * HOUR);
    await post(app, user.cookie, last);
    await jobDone(database, user.user.uid, last);
    expect(await remindersWritten(database, user.user.uid)).toBe(1);
    await expect.poll(() => reminderPushes(service, user.keys), DELIVERY).toHaveLength(1);
    const sent = reminderPushes(service, user.keys);
    expect(sent[0]).toMatchObject({
      title: 'Keep your streak',
      body: 'Your 1-day streak ends in 4 hours',
      link: '/root/create',
      actions: [
        { action: 'open', title: 'Post now', link: '/root/create' },
        { action: 'snooze', title: 'Snooze 1 hour', link: '/root/create' },
      ],
    });

    // The same streak day is never reminded twice, even when its check runs again.
    await post(app, user.cookie, new Date(last.getTime() - HOUR));
    expect(await remindersWritten(database, user.user.uid)).toBe(1);
    expect(reminderPushes(service, user.keys)).toHaveLength(1);

    // Snooze 1 hour: once per streak day, an hour from now.
    const snooze = await app.inject({ method: 'POST', url: '/api/streak/reminder/snooze', headers: { cookie: user.cookie } });
    expect(snooze.statusCode).toBe(200);
    const until = new Date(snooze.json().snoozedUntil as string);
    expect(Math.abs(until.getTime() - (Date.now() + HOUR))).toBeLessThan(60_000);
    const again = await app.inject({ method: 'POST', url: '/api/streak/reminder/snooze', headers: { cookie: user.cookie } });
    expect(again.json()).toEqual({ snoozedUntil: null });
  });

  it('23.4 h after the last post nothing is sent yet: the check waits for 23.5 h', async () => {
    const { app, database } = await buildPushApp();
    const service = await pushEndpoint();
    const user = await subscriber(app, database, `${service.origin}/push/b`, 12);
    const last = new Date(Date.now() - 23.4 * HOUR);
    await post(app, user.cookie, last);
    await expect
      .poll(() => waitingReminders(database, user.user.uid), DELIVERY)
      .toEqual([{ lastActivity: last.toISOString(), startAfter: new Date(last.getTime() + 23.5 * HOUR) }]);
    expect(await remindersWritten(database, user.user.uid)).toBe(0);
    expect(reminderPushes(service, user.keys)).toHaveLength(0);
  });

  it('quiet hours move it earlier: due at 02:30 local, it goes at 22:00 (already passed, so now)', async () => {
    const { app, database } = await buildPushApp();
    const service = await pushEndpoint();
    // It is 23:00 where the user lives; the last post 20 h ago makes it due at 02:30 tonight.
    const user = await subscriber(app, database, `${service.origin}/push/c`, 23);
    const last = new Date(Date.now() - 20 * HOUR);
    await post(app, user.cookie, last);
    await jobDone(database, user.user.uid, last);
    await expect
      .poll(() => reminderPushes(service, user.keys).map((push) => push.body), DELIVERY)
      .toEqual(['Your 1-day streak ends in 8 hours']);
  });

  it('a post cancels the waiting reminder: when its time comes it sends nothing', async () => {
    const { app, database } = await buildPushApp();
    const service = await pushEndpoint();
    const user = await subscriber(app, database, `${service.origin}/push/d`, 12);
    const first = new Date(Date.now() - 23.4 * HOUR);
    await post(app, user.cookie, first);
    const second = new Date(Date.now() - HOUR);
    await post(app, user.cookie, second);
    await fire(database, user.user.uid, first);
    await jobDone(database, user.user.uid, first);
    // The check has run and wrote no reminder: there is nothing to push.
    expect(await remindersWritten(database, user.user.uid)).toBe(0);
    expect(reminderPushes(service, user.keys)).toHaveLength(0);
    // The next one waits for the new post.
    expect((await waitingReminders(database, user.user.uid)).map((job) => job.lastActivity)).toEqual([second.toISOString()]);
  });

  it('reminders off: nothing is sent', async () => {
    const { app, database } = await buildPushApp();
    const service = await pushEndpoint();
    const user = await subscriber(app, database, `${service.origin}/push/e`, 12);
    const off = await app.inject({
      method: 'PATCH',
      url: '/api/streak/settings',
      headers: { cookie: user.cookie },
      payload: { reminders: false },
    });
    expect(off.json()).toMatchObject({ reminders: false });
    const last = new Date(Date.now() - 23.6 * HOUR);
    await post(app, user.cookie, last);
    await jobDone(database, user.user.uid, last);
    // The check has run and wrote no reminder: there is nothing to push.
    expect(await remindersWritten(database, user.user.uid)).toBe(0);
    expect(reminderPushes(service, user.keys)).toHaveLength(0);
  });
});

describe("the streak is computed once, with its freezes, in the post's transaction", () => {
  const points = (database: Database, uid: string) => scalar(database, sql`SELECT accumulated_points AS n FROM users WHERE uid = ${uid}`);

  it('a 7-day milestone reached through a freeze pays its points once; a late post filling the frozen day pays nothing twice', async () => {
    const clock = new TestClock();
    const { app, database } = await build({}, { clock });
    const user = await signInMonthOld(app, database);
    const uid = user.user.uid;
    const base = DateTime.now().setZone(POOP_TIMEZONE).minus({ days: 9 }).set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
    const noon = (n: number) => base.plus({ days: n }).toJSDate();
    const at = (n: number) => clock.set(new Date(noon(n).getTime() + HOUR));
    at(0);
    expect((await buy(app, user.cookie, randomUUID())).statusCode).toBe(201);
    for (let n = 0; n <= 5; n += 1) {
      at(n);
      expect(await postEarning(app, user.cookie, noon(n))).toMatchObject({ streak: n + 1, newDay: true, milestone: null, points: 10 });
    }
    expect(await points(database, uid)).toBe(60);

    // Day 6 goes without a post; the freeze keeps the streak, and day 7 is its 7th day: +10 and +50, once.
    at(7);
    expect(await postEarning(app, user.cookie, noon(7))).toEqual({
      streak: 7,
      firstPost: false,
      newDay: true,
      milestone: { days: 7, points: 50 },
      points: 60,
      achievements: expect.any(Array),
    });
    expect(await points(database, uid)).toBe(120);
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).json();
    expect(me.user).toMatchObject({ currentStreak: 7 });
    expect(await streakOf(app, user.cookie)).toMatchObject({
      currentStreak: 7,
      freezesHeld: 0,
      frozenDays: [base.plus({ days: 6 }).toISODate()],
    });

    // A second post that day: the post's 10 only.
    expect(await postEarning(app, user.cookie, clock.now())).toMatchObject({ streak: 7, newDay: false, milestone: null, points: 10 });
    expect(await points(database, uid)).toBe(130);

    // A post made offline on day 6 arrives: the day is filled, the freeze given back, the milestone not paid again.
    expect(await postEarning(app, user.cookie, noon(6))).toMatchObject({ streak: 8, milestone: null, points: 10 });
    expect(await points(database, uid)).toBe(140);
    expect(await streakOf(app, user.cookie)).toMatchObject({ currentStreak: 8, freezesHeld: 1, frozenDays: [] });
    expect(await scalar(database, sql`SELECT count(*) AS n FROM streak_freezes_used WHERE uid = ${uid} AND given_back`)).toBe(1);
  });

  it('GET /api/streak writes nothing: no row of the user, their freezes or freezes used changes', async () => {
    const clock = new TestClock();
    const { app, database } = await build({}, { clock });
    const user = await signInMonthOld(app, database);
    const uid = user.user.uid;
    const base = DateTime.now().setZone(POOP_TIMEZONE).minus({ days: 5 }).set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
    clock.set(new Date(base.toMillis() + HOUR));
    await post(app, user.cookie, base.toJSDate());
    expect((await buy(app, user.cookie, randomUUID())).statusCode).toBe(201);
    const snapshot = async () => ({
      user: (
        (await database.db.execute(sql`SELECT row_to_json(u)::text AS row FROM users u WHERE uid = ${uid}`)) as { rows: { row: string }[] }
      ).rows[0]?.row,
      freezes: await scalar(database, sql`SELECT count(*) AS n FROM streak_freezes WHERE uid = ${uid}`),
      used: await scalar(database, sql`SELECT count(*) AS n FROM streak_freezes_used WHERE uid = ${uid}`),
    });
    const before = await snapshot();
    // Two days later the freeze is consumed as the rule says, in the answer only.
    clock.set(new Date(base.toMillis() + 40 * HOUR));
    expect(await streakOf(app, user.cookie)).toMatchObject({
      currentStreak: 1,
      freezesHeld: 0,
      frozenDays: [base.plus({ days: 1 }).toISODate()],
    });
    expect(await snapshot()).toEqual(before);
  });
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STREAK_WINDOW_HOURS } from '../../core/constants';
import { POOP_MESSAGES } from '../../core/messages';
import { signIn, signInVerified, TestClock } from './helpers';
import { accountCreatedAt, buildWithFiles, putPoop, scalar, signInAndPost, uniqueEmail } from './poop-helpers';

const HOUR_MS = 60 * 60 * 1000;

/** Before every day the fixed-clock streak tests post on: their posts count for the account (issue 61). */
const ACCOUNT_OPENED = new Date('2026-05-01T12:00:00.000Z');

const NY_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-0[45]:00$/;

describe('posting a poop', () => {
  it('creates the post with the spec fields, its two images, and starts the streak', async () => {
    const { app, files } = await buildWithFiles();
    const { cookie, user, account } = await signIn(app);
    const id = randomUUID();
    const res = await putPoop(app, cookie, id, {
      type: 'Type 3',
      title: '  Morning  ',
      description: 'Smooth',
      latitude: 40.7128,
      longitude: -74.006,
      placeName: 'New York',
      showInMap: true,
    });
    expect(res.statusCode).toBe(201);
    const poop = res.json().poop;
    expect(poop).toMatchObject({
      id,
      type: 'Type 3',
      title: 'Morning',
      description: 'Smooth',
      status: 'approved',
      uid: user.uid,
      username: user.username,
      userPhotoURL: '',
      isUserPremium: false,
      likes: 0,
      comments: 0,
      deleted: false,
      private: false,
      showInMap: true,
      verified: false,
      isCompleted: true,
      placeName: 'New York',
      latitude: 40.7128,
      longitude: -74.006,
      image: `/api/media/poops/${id}/display`,
      thumbnail: `/api/media/poops/${id}/thumb`,
      width: 64,
      height: 48,
      likedByMe: false,
    });
    // Moderation fields are for admins; the owner's post carries what the screens show.
    expect(poop).not.toHaveProperty('aiScreening');
    expect(poop).not.toHaveProperty('firstVerification');
    expect(poop.geohash).toBe('dr5regw3pp');
    expect(poop.createdDate).toMatch(NY_ISO);
    expect(poop.modifiedDate).toBe(poop.createdDate);
    expect(poop.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(files()).toEqual([`poops/${account.uid}/Type%203/${id}/display.webp`, `poops/${account.uid}/Type%203/${id}/thumb.webp`]);

    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ currentStreak: 1, longestStreak: 1 });
    expect(Date.parse(me.json().user.lastPoopPosted)).toBe(Date.parse(poop.createdDate));
  });

  it('the same UUID twice by the same user stores one post and one set of files', async () => {
    const { app, database, files } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const id = randomUUID();
    const first = await putPoop(app, cookie, id, { title: 'once' });
    const again = await putPoop(app, cookie, id, { title: 'twice' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().poop).toEqual(first.json().poop);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM poops`)).toBe(1);
    expect(files()).toHaveLength(2);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user.currentStreak).toBe(1);
  });

  it('the same UUID sent concurrently (a double-submitted outbox entry) still makes one post', async () => {
    // Three at once: above the default per-user bound of uploads in flight (which would answer 429 to one).
    const { app, database, files } = await buildWithFiles({ UPLOADS_PER_USER: '3' });
    const { cookie } = await signIn(app);
    const id = randomUUID();
    const answers = await Promise.all([putPoop(app, cookie, id), putPoop(app, cookie, id), putPoop(app, cookie, id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM poops`)).toBe(1);
    expect(files()).toHaveLength(2);
  });

  it('the same UUID by another user is a 409 and writes nothing', async () => {
    const { app, database, files } = await buildWithFiles();
    const { id } = await signInAndPost(app);
    const other = await signIn(app);
    const res = await putPoop(app, other.cookie, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('conflict');
    expect(await scalar(database, sql`SELECT count(*) AS n FROM poops`)).toBe(1);
    expect(files()).toHaveLength(2);
  });

  it("'Other' is pending: absent from the feed and from others, visible to its owner", async () => {
    const { app } = await buildWithFiles();
    const { cookie, id, poop } = await signInAndPost(app, { type: 'Other' });
    expect(poop.status).toBe('pending');
    const feed = await app.inject({ method: 'GET', url: '/api/poops/feed' });
    expect(feed.json().poops).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/poops/${id}` })).statusCode).toBe(404);
    const own = await app.inject({ method: 'GET', url: `/api/poops/${id}`, headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json().poop.status).toBe('pending');
  });

  it('denormalises premium: an admin counts as premium', async () => {
    const boss = uniqueEmail('boss');
    const { app } = await buildWithFiles({ ADMIN_EMAILS: boss });
    const { cookie } = await signInVerified(app, boss);
    const res = await putPoop(app, cookie, randomUUID());
    expect(res.json().poop.isUserPremium).toBe(true);
  });

  it('sends the moderation fields to admins only', async () => {
    const boss = uniqueEmail('boss');
    const { app } = await buildWithFiles({ ADMIN_EMAILS: boss });
    const { id, cookie } = await signInAndPost(app);
    const admin = await signInVerified(app, boss);
    const asAdmin = await app.inject({ method: 'GET', url: `/api/poops/${id}`, headers: { cookie: admin.cookie } });
    expect(asAdmin.json().poop).toMatchObject({ aiScreening: null, firstVerification: '', needSecondVerification: false });
    for (const headers of [{ cookie }, {}]) {
      const res = await app.inject({ method: 'GET', url: `/api/poops/${id}`, headers });
      expect(res.json().poop).not.toHaveProperty('aiScreening');
      expect(res.json().poop).not.toHaveProperty('thirdVerification');
    }
    const feed = await app.inject({ method: 'GET', url: '/api/poops/feed' });
    expect(feed.json().poops[0]).not.toHaveProperty('needThirdVerification');
  });

  it('moves the streak in the same transaction, in days: two posts the same day make 1, the next day 2', async () => {
    const clock = new TestClock(new Date('2026-05-10T13:00:00.000Z')); // 09:00 in New York
    const { app, database } = await buildWithFiles({}, { clock });
    const { cookie, user } = await signIn(app);
    await accountCreatedAt(database, user.uid, ACCOUNT_OPENED);
    const me = async () => (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    for (let i = 0; i < 3; i += 1) {
      await putPoop(app, cookie, randomUUID());
      clock.advance(5 * 60_000);
    }
    expect(await me()).toMatchObject({ currentStreak: 1, longestStreak: 1 });
    clock.advance(24 * HOUR_MS);
    await putPoop(app, cookie, randomUUID());
    expect(await me()).toMatchObject({ currentStreak: 2, longestStreak: 2 });
  });

  it('seven posts in an hour earn no 7-day milestone; seven days in a row do', async () => {
    const clock = new TestClock(new Date('2026-05-10T13:00:00.000Z'));
    const { app, database } = await buildWithFiles({}, { clock });
    const { cookie, user } = await signIn(app);
    await accountCreatedAt(database, user.uid, ACCOUNT_OPENED);
    const me = async () => (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    const start = (await me()).points.accumulatedPoints;
    for (let i = 0; i < 7; i += 1) {
      await putPoop(app, cookie, randomUUID());
      clock.advance(8 * 60_000);
    }
    expect(await me()).toMatchObject({ currentStreak: 1, points: { accumulatedPoints: start + 70 } });
    for (let day = 1; day < 7; day += 1) {
      clock.advance(24 * HOUR_MS);
      await putPoop(app, cookie, randomUUID());
    }
    expect(await me()).toMatchObject({ currentStreak: 7, points: { accumulatedPoints: start + 130 + 50 } });
  });

  it('keeps the streak within STREAK_WINDOW_HOURS of the last post and restarts it after (fixed clock)', async () => {
    const clock = new TestClock(new Date('2026-05-10T13:00:00.000Z'));
    const { app, database } = await buildWithFiles({}, { clock });
    const { cookie, user } = await signIn(app);
    await accountCreatedAt(database, user.uid, ACCOUNT_OPENED);
    const streak = async () => (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    await putPoop(app, cookie, randomUUID());
    clock.advance(STREAK_WINDOW_HOURS * HOUR_MS); // exactly at the window's edge: still within
    await putPoop(app, cookie, randomUUID());
    expect(await streak()).toMatchObject({ currentStreak: 2, longestStreak: 2 });
    clock.advance(STREAK_WINDOW_HOURS * HOUR_MS + 1);
    await putPoop(app, cookie, randomUUID());
    expect(await streak()).toMatchObject({ currentStreak: 1, longestStreak: 2 });
  });

  it('dates a post with the time it was made (within 7 days), for its dates, the feed order and the streak', async () => {
    const clock = new TestClock(new Date('2026-05-11T23:00:00.000Z')); // 19:00 in New York
    const { app, database } = await buildWithFiles({}, { clock });
    const { cookie, user } = await signIn(app);
    await accountCreatedAt(database, user.uid, ACCOUNT_OPENED);
    const me = async () => (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    // Yesterday evening, then tonight; the morning post made offline arrives last.
    clock.set(new Date('2026-05-10T23:00:00.000Z'));
    await putPoop(app, cookie, randomUUID(), { title: 'Yesterday' });
    clock.set(new Date('2026-05-11T23:00:00.000Z'));
    await putPoop(app, cookie, randomUUID(), { title: 'Evening' });
    const morning = '2026-05-11T08:00:00.000-04:00';
    const res = await putPoop(app, cookie, randomUUID(), { title: 'Morning', createdDate: morning });
    expect(res.statusCode).toBe(201);
    expect(res.json().poop).toMatchObject({ createdDate: morning, modifiedDate: morning });
    // Two New York days, counted once each, whatever the order of arrival.
    expect(await me()).toMatchObject({ currentStreak: 2, longestStreak: 2, lastPoopPosted: '2026-05-11T23:00:00.000Z' });
    const feed = (await app.inject({ method: 'GET', url: '/api/poops/feed' })).json().poops.map((p: { title: string }) => p.title);
    expect(feed.indexOf('Evening')).toBeLessThan(feed.indexOf('Morning'));
    expect(feed.indexOf('Morning')).toBeLessThan(feed.indexOf('Yesterday'));
  });

  it('a late post that fills a gap joins two streaks', async () => {
    const clock = new TestClock(new Date('2026-05-12T14:00:00.000Z'));
    const { app, database } = await buildWithFiles({}, { clock });
    const { cookie, user } = await signIn(app);
    await accountCreatedAt(database, user.uid, ACCOUNT_OPENED);
    const me = async () => (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    await putPoop(app, cookie, randomUUID(), { createdDate: '2026-05-10T14:00:00.000Z' });
    await putPoop(app, cookie, randomUUID(), { createdDate: '2026-05-12T14:00:00.000Z' });
    expect(await me()).toMatchObject({ currentStreak: 1, longestStreak: 1 });
    await putPoop(app, cookie, randomUUID(), { createdDate: '2026-05-11T14:00:00.000Z' });
    expect(await me()).toMatchObject({ currentStreak: 3, longestStreak: 3 });
  });

  it('clamps a client time into [now - 7 days, now + 5 minutes] and refuses one that is not a date', async () => {
    const now = new Date('2026-05-20T12:00:00.000Z');
    const { app } = await buildWithFiles({}, { clock: new TestClock(now) });
    const { cookie } = await signIn(app);
    const old = await putPoop(app, cookie, randomUUID(), { createdDate: '2026-04-01T12:00:00.000Z' });
    expect(new Date(old.json().poop.createdDate).toISOString()).toBe('2026-05-13T12:00:00.000Z');
    const ahead = await putPoop(app, cookie, randomUUID(), { createdDate: '2026-05-20T13:00:00.000Z' });
    expect(new Date(ahead.json().poop.createdDate).toISOString()).toBe('2026-05-20T12:05:00.000Z');
    const within = await putPoop(app, cookie, randomUUID(), { createdDate: '2026-05-20T12:04:00.000Z' });
    expect(new Date(within.json().poop.createdDate).toISOString()).toBe('2026-05-20T12:04:00.000Z');
    const bad = await putPoop(app, cookie, randomUUID(), { createdDate: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(POOP_MESSAGES.createdDateInvalid);
  });

  it('recomputes streaks stored under the old reading (migration 0032)', async () => {
    const { app, database } = await buildWithFiles();
    const { cookie, user } = await signIn(app);
    for (let i = 0; i < 3; i += 1) await putPoop(app, cookie, randomUUID());
    await database.db.execute(sql`UPDATE users SET current_streak = 3, longest_streak = 9 WHERE uid = ${user.uid}`);
    const script = fs.readFileSync(new URL('../db/migrations/0032_daily_streaks.sql', import.meta.url), 'utf8');
    await database.execScript(script);
    expect(await scalar(database, sql`SELECT current_streak AS n FROM users WHERE uid = ${user.uid}`)).toBe(1);
    expect(await scalar(database, sql`SELECT longest_streak AS n FROM users WHERE uid = ${user.uid}`)).toBe(1);
  });

  it('hides coordinates from others unless the post is on the map, and has no geohash without them', async () => {
    const { app } = await buildWithFiles();
    const { id, cookie } = await signInAndPost(app, { latitude: 45.4642, longitude: 9.19, showInMap: false });
    const theirs = (await app.inject({ method: 'GET', url: `/api/poops/${id}` })).json().poop;
    expect(theirs).toMatchObject({ latitude: null, longitude: null, geohash: '' });
    const mine = (await app.inject({ method: 'GET', url: `/api/poops/${id}`, headers: { cookie } })).json().poop;
    expect(mine).toMatchObject({ latitude: 45.4642, longitude: 9.19 });
    expect(mine.geohash).toHaveLength(10);

    const { poop } = await signInAndPost(app);
    expect(poop).toMatchObject({ geohash: '', latitude: null, longitude: null });
  });

  it('needs a session: 401 before the upload is read', async () => {
    const { app, files } = await buildWithFiles();
    const res = await putPoop(app, undefined, randomUUID());
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
    expect(files()).toEqual([]);
  });
});

describe('editing and deleting', () => {
  it('the owner edits; a new type re-applies the status rule; others get 403', async () => {
    const { app } = await buildWithFiles();
    const { id, cookie, poop } = await signInAndPost(app);
    const stranger = await signIn(app);
    const edit = (headers: Record<string, string>, payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/poops/${id}`, headers, payload });

    const res = await edit({ cookie }, { title: 'New title', type: 'Other', showInMap: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().poop).toMatchObject({ title: 'New title', type: 'Other', status: 'pending', showInMap: true });
    expect(Date.parse(res.json().poop.modifiedDate)).toBeGreaterThanOrEqual(Date.parse(poop.modifiedDate));

    const back = await edit({ cookie }, { type: 'Type 1' });
    expect(back.json().poop.status).toBe('approved');

    const forbidden = await edit({ cookie: stranger.cookie }, { title: 'mine now' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('forbidden');
    expect((await edit({}, { title: 'x' })).statusCode).toBe(401);
    expect((await edit({ cookie }, {})).statusCode).toBe(400);
    const badType = await edit({ cookie }, { type: 'Type 8' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.message).toBe('Choose one of the nine types.');
  });

  it('soft delete by the owner or an admin, not by others; deleting twice is fine', async () => {
    const moderator = uniqueEmail('mod');
    const clock = new TestClock();
    const { app, database, files } = await buildWithFiles({ ADMIN_EMAILS: moderator }, { clock });
    const first = await signInAndPost(app);
    const second = await signInAndPost(app);
    const admin = await signInVerified(app, moderator);
    const del = (id: string, cookie: string) => app.inject({ method: 'DELETE', url: `/api/poops/${id}`, headers: { cookie } });

    expect((await del(first.id, second.cookie)).statusCode).toBe(403);
    const ownerDeletedAt = clock.advance(60_000);
    expect((await del(first.id, first.cookie)).statusCode).toBe(204);
    const adminDeletedAt = clock.advance(60_000);
    // Deleting again is a no-op: it does not move the post a second time.
    expect((await del(first.id, first.cookie)).statusCode).toBe(204);
    expect((await del(second.id, admin.cookie)).statusCode).toBe(204);
    expect((await del(randomUUID(), admin.cookie)).statusCode).toBe(404);

    const rows = (await database.db.execute(
      sql`SELECT id::text AS id, deleted, modified_date > created_date AS moved,
            (extract(epoch FROM modified_date) * 1000)::bigint AS modified_ms FROM poops`,
    )) as { rows: Array<{ id: string; deleted: boolean; moved: boolean; modified_ms: string | number }> };
    const byId = new Map(rows.rows.map((r) => [r.id, { ...r, modified_ms: Number(r.modified_ms) }]));
    expect(byId.size).toBe(2);
    // A delete moves the post's modifiedDate to the time of the delete, so syncing clients see it.
    expect(byId.get(first.id)).toMatchObject({ deleted: true, moved: true, modified_ms: ownerDeletedAt.getTime() });
    expect(byId.get(second.id)).toMatchObject({ deleted: true, moved: true, modified_ms: adminDeletedAt.getTime() });
    // Soft: rows and files stay (moderation and account deletion decide about them).
    expect(files()).toHaveLength(4);
  });
});

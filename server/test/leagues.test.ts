import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LEAGUE_MAX_MEMBERS, LEAGUE_WIN_POINTS, leagueWeekOf } from '../../core/league';
import { LEAGUE_MESSAGES, type LeagueBoardResponse } from '../../core/league-api';
import { build, signIn, TestClock } from './helpers';
import { putPoop, scalar, signInMonthOld } from './poop-helpers';
import { closeWeekAsTheJob } from './league-helpers';

type Session = Awaited<ReturnType<typeof signIn>>;

async function createLeague(app: FastifyInstance, owner: Session, name = 'Friends') {
  const id = randomUUID();
  const res = await app.inject({ method: 'PUT', url: `/api/leagues/${id}`, headers: { cookie: owner.cookie }, payload: { name } });
  expect(res.statusCode).toBe(201);
  return { id, code: res.json<{ league: { code: string } }>().league.code };
}

const join = (app: FastifyInstance, who: Session, code: string) =>
  app.inject({ method: 'PUT', url: `/api/leagues/join/${code}`, headers: { cookie: who.cookie } });

const board = async (app: FastifyInstance, who: Session, id: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/leagues/${id}`, headers: { cookie: who.cookie } });
  expect(res.statusCode).toBe(200);
  return { body: res.body, json: res.json<LeagueBoardResponse>() };
};

async function post(app: FastifyInstance, who: Session, at: Date, fields: { private?: boolean; title?: string; type?: string } = {}) {
  const id = randomUUID();
  const res = await putPoop(app, who.cookie, id, { createdDate: at.toISOString(), ...fields });
  expect(res.statusCode).toBe(201);
  return id;
}

const HOUR = 3_600_000;

describe('leagues', () => {
  it('lets a second user join through the code; both see the same board of days logged, never the posts', async () => {
    const clock = new TestClock();
    clock.set(leagueWeekOf(clock.now()).start);
    const { app, database } = await build({}, { clock });
    const alice = await signInMonthOld(app, database);
    const bob = await signInMonthOld(app, database);
    const { id, code } = await createLeague(app, alice, 'Office');

    const invite = await app.inject({ method: 'GET', url: `/api/leagues/join/${code.toLowerCase()}`, headers: { cookie: bob.cookie } });
    expect(invite.json()).toMatchObject({ id, name: 'Office', memberCount: 1, isMember: false });
    expect((await join(app, bob, code)).statusCode).toBe(200);
    // Joining again (a replay) changes nothing.
    expect((await join(app, bob, code)).json()).toMatchObject({ league: { id, memberCount: 2, isOwner: false } });

    // Three posts on one day are one day; a private post counts; a post of another week does not.
    const week = leagueWeekOf(clock.now());
    clock.set(new Date(week.end.getTime() - 60_000));
    const secret = `secret-${randomUUID()}`;
    const postIds = [
      await post(app, alice, new Date(week.end.getTime() - 50 * HOUR), { type: 'Type 6' }),
      await post(app, alice, new Date(week.end.getTime() - 2 * HOUR), { private: true, title: secret, type: 'Type 1' }),
      await post(app, alice, new Date(week.end.getTime() - 3 * HOUR)),
      await post(app, alice, new Date(week.end.getTime() - 4 * HOUR)),
      await post(app, bob, new Date(week.end.getTime() - 5 * HOUR)),
      await post(app, bob, new Date(week.start.getTime() - HOUR)),
    ];

    const seenByAlice = await board(app, alice, id);
    const seenByBob = await board(app, bob, id);
    expect(seenByBob.json.board).toEqual(seenByAlice.json.board);
    expect(seenByAlice.json.board.map((r) => [r.rank, r.uid, r.daysLogged])).toEqual([
      [1, alice.user.uid, 2],
      [2, bob.user.uid, 1],
    ]);
    for (const body of [seenByAlice.body, seenByBob.body]) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain('Type ');
      for (const postId of postIds) expect(body).not.toContain(postId);
    }
    expect(seenByBob.json.league).toMatchObject({ name: 'Office', code, isOwner: false, ownerUid: alice.user.uid, memberCount: 2 });
  });

  it('closes a week once as the job, however many runs at once: the winner gets one win, the points and a notification; reading the board closes nothing', async () => {
    const clock = new TestClock();
    const week = leagueWeekOf(clock.now());
    clock.set(week.start);
    const { app, database } = await build({}, { clock });
    const alice = await signInMonthOld(app, database);
    const bob = await signInMonthOld(app, database);
    const cat = await signInMonthOld(app, database);
    const { id, code } = await createLeague(app, alice);
    await join(app, bob, code);
    await join(app, cat, code);
    clock.set(new Date(week.end.getTime() - 30 * 60_000));
    await post(app, alice, new Date(week.end.getTime() - 26 * HOUR));
    await post(app, alice, new Date(week.end.getTime() - 20 * 60_000));
    await post(app, bob, new Date(week.end.getTime() - 10 * 60_000));
    await post(app, cat, new Date(week.end.getTime() - 10 * 60_000));
    const pointsBefore = await scalar(database, sql`SELECT current_points AS n FROM users WHERE uid = ${alice.user.uid}`);
    const closedWeeks = () => scalar(database, sql`SELECT count(*) AS n FROM league_weeks WHERE league_id = ${id}`);

    // Monday 00:00: a new week. Reading the board (issue 60: GET routes only read) closes nothing.
    clock.set(week.end);
    const unclosed = await board(app, bob, id);
    expect(unclosed.json.week.week).not.toBe(week.week);
    expect(unclosed.json.lastWinners).toBeNull();
    expect(await closedWeeks()).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM league_wins WHERE league_id = ${id}`)).toBe(0);
    expect(await scalar(database, sql`SELECT current_points AS n FROM users WHERE uid = ${alice.user.uid}`)).toBe(pointsBefore);

    // The job, run ten times at once (servers, retries), closes the week once.
    await Promise.all(Array.from({ length: 10 }, () => closeWeekAsTheJob(database, clock.now, week)));
    expect(await closedWeeks()).toBe(1);
    const boards = await Promise.all(Array.from({ length: 4 }, (_, i) => board(app, i % 2 ? alice : bob, id)));
    for (const { json } of boards) {
      expect(json.week.week).not.toBe(week.week);
      expect(json.board.map((r) => r.daysLogged)).toEqual([0, 0, 0]);
      expect(json.lastWinners).toEqual({ week: week.week, usernames: [alice.user.username] });
    }
    expect(await scalar(database, sql`SELECT count(*) AS n FROM league_wins WHERE league_id = ${id}`)).toBe(1);
    expect(await scalar(database, sql`SELECT current_points AS n FROM users WHERE uid = ${alice.user.uid}`)).toBe(
      pointsBefore + LEAGUE_WIN_POINTS,
    );
    const notes = await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: alice.cookie } });
    const messages = (notes.json<{ notifications: Array<{ message: string }> }>().notifications ?? []).map((n) => n.message);
    expect(messages.filter((m) => m.startsWith('You won the week in Friends'))).toHaveLength(1);
    expect(messages).toContain('You earned "League winner"');
    const aliceRow = boards[0]!.json.board.find((r) => r.uid === alice.user.uid);
    expect(aliceRow?.wins).toBe(1);
  });

  it('lets exactly as many of 20 concurrent joiners in as there is room for; the rest hear the league is full', async () => {
    const { app, database } = await build();
    const owner = await signIn(app);
    const { id, code } = await createLeague(app, owner);
    const room = 10;
    // Fill the league with stand-in members (copies of the owner's row) up to `room` places left.
    await database.db.execute(sql`
      INSERT INTO users SELECT r.* FROM users u, generate_series(1, ${LEAGUE_MAX_MEMBERS - room - 1}) g,
        jsonb_populate_record(NULL::users, to_jsonb(u) || jsonb_build_object('uid', 'filler-' || g || '-' || ${id}::text,
          'email', 'filler' || g || '-' || ${id}::text || '@example.com', 'username', 'filler' || g || substr(${id}::text, 1, 8),
          'username_searchable', 'filler' || g || substr(${id}::text, 1, 8))) r
      WHERE u.uid = ${owner.user.uid}`);
    await database.db.execute(
      sql`INSERT INTO league_members (league_id, uid) SELECT ${id}, uid FROM users WHERE uid LIKE ${`filler-%-${id}`}`,
    );
    const joiners = await Promise.all(Array.from({ length: 20 }, () => signIn(app)));
    const answers = await Promise.all(joiners.map((j) => join(app, j, code)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(room);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20 - room);
    for (const full of answers.filter((a) => a.statusCode === 409)) {
      expect(full.json()).toEqual({ error: { code: 'league_full', message: LEAGUE_MESSAGES.full } });
    }
    expect(await scalar(database, sql`SELECT count(*) AS n FROM league_members WHERE league_id = ${id}`)).toBe(LEAGUE_MAX_MEMBERS);
  });

  it('makes one membership of concurrent joins by one user', async () => {
    const { app, database } = await build();
    const owner = await signIn(app);
    const friend = await signIn(app);
    const { id, code } = await createLeague(app, owner);
    const answers = await Promise.all(Array.from({ length: 8 }, () => join(app, friend, code)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await scalar(database, sql`SELECT count(*) AS n FROM league_members WHERE league_id = ${id}`)).toBe(2);
  });

  it('gives the owner remove and a new code; leaving is one call, and an owner leaving hands the league on', async () => {
    const { app } = await build();
    const owner = await signIn(app);
    const ann = await signIn(app);
    const ben = await signIn(app);
    const { id, code } = await createLeague(app, owner);
    await join(app, ann, code);
    await join(app, ben, code);

    // Not the owner: 403; not a member: 404.
    const stranger = await signIn(app);
    expect((await app.inject({ method: 'POST', url: `/api/leagues/${id}/code`, headers: { cookie: ann.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/leagues/${id}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);

    const rotated = await app.inject({ method: 'POST', url: `/api/leagues/${id}/code`, headers: { cookie: owner.cookie } });
    const newCode = rotated.json<{ league: { code: string } }>().league.code;
    expect(newCode).not.toBe(code);
    expect((await join(app, stranger, code)).json()).toEqual({ error: { code: 'not_found', message: LEAGUE_MESSAGES.noSuchCode } });

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/leagues/${id}/members/${ben.user.uid}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: `/api/leagues/${id}`, headers: { cookie: ben.cookie } })).statusCode).toBe(404);

    const left = await app.inject({ method: 'DELETE', url: `/api/leagues/${id}/membership`, headers: { cookie: owner.cookie } });
    expect(left.statusCode).toBe(204);
    const annView = await board(app, ann, id);
    expect(annView.json.league).toMatchObject({ isOwner: true, memberCount: 1 });
    const mine = await app.inject({ method: 'GET', url: '/api/leagues', headers: { cookie: owner.cookie } });
    expect(mine.json()).toEqual({ leagues: [] });
  });
});

describe('achievements', () => {
  it('awards the first post once, notifies it, and shows it on the public profile with its date', async () => {
    const { app, database } = await build();
    const alice = await signIn(app);
    const viewer = await signIn(app);
    await Promise.all([post(app, alice, new Date()), post(app, alice, new Date())]);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM achievements WHERE uid = ${alice.user.uid}`)).toBe(1);

    const mine = await app.inject({ method: 'GET', url: '/api/me/achievements', headers: { cookie: alice.cookie } });
    const firstPost = mine
      .json<{ achievements: Array<{ key: string; earnedAt: string | null }> }>()
      .achievements.find((a) => a.key === 'first_post');
    expect(firstPost?.earnedAt).toEqual(expect.any(String));
    const notes = await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: alice.cookie } });
    expect(notes.json<{ notifications: Array<{ message: string }> }>().notifications.map((n) => n.message)).toEqual([
      'You earned "First post"',
    ]);
    const profile = await app.inject({ method: 'GET', url: `/api/users/${alice.user.uid}`, headers: { cookie: viewer.cookie } });
    expect(profile.json().achievements).toEqual([
      { key: 'first_post', title: 'First post', description: 'Share your first post.', earnedAt: firstPost?.earnedAt },
    ]);
  });

  it('answers its owner how far each counted one is (a 30-day streak: 1 of 30), and null for the others', async () => {
    const { app } = await build();
    const alice = await signIn(app);
    await post(app, alice, new Date(), { type: 'Type 3' });
    const mine = await app.inject({ method: 'GET', url: '/api/me/achievements', headers: { cookie: alice.cookie } });
    expect(mine.statusCode).toBe(200);
    const progress = Object.fromEntries(
      mine
        .json<{ achievements: Array<{ key: string; progress: { current: number; target: number } | null }> }>()
        .achievements.map((a) => [a.key, a.progress]),
    );
    expect(progress).toMatchObject({
      first_post: null,
      streak_7: { current: 1, target: 7 },
      streak_30: { current: 1, target: 30 },
      all_types: { current: 1, target: 7 },
      days_50: { current: 1, target: 50 },
      first_report: null,
    });
  });

  it('keeps one that reveals health (all seven types) from others until its owner shows it', async () => {
    const { app } = await build();
    const alice = await signIn(app);
    for (let type = 1; type <= 7; type += 1) await post(app, alice, new Date(), { type: `Type ${type}`, private: true });
    const publicKeys = async () =>
      (await app.inject({ method: 'GET', url: `/api/users/${alice.user.uid}` }))
        .json<{ achievements: Array<{ key: string }> }>()
        .achievements.map((a) => a.key);
    expect(await publicKeys()).toEqual(['first_post']);

    const shown = await app.inject({
      method: 'PUT',
      url: '/api/me/achievements/all_types/shown',
      headers: { cookie: alice.cookie },
      payload: { shown: true },
    });
    expect(shown.statusCode).toBe(200);
    expect((await publicKeys()).sort()).toEqual(['all_types', 'first_post']);
    const alwaysPublic = await app.inject({
      method: 'PUT',
      url: '/api/me/achievements/first_post/shown',
      headers: { cookie: alice.cookie },
      payload: { shown: false },
    });
    expect(alwaysPublic.statusCode).toBe(400);
  });

  it('records a report made once, however often the report screen says so', async () => {
    const { app, database } = await build();
    const alice = await signIn(app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.inject({ method: 'POST', url: '/api/me/achievements/report-made', headers: { cookie: alice.cookie } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(await scalar(database, sql`SELECT count(*) AS n FROM achievements WHERE uid = ${alice.user.uid} AND key = 'first_report'`)).toBe(
      1,
    );
    expect(
      await scalar(database, sql`SELECT count(*) AS n FROM notifications WHERE uid = ${alice.user.uid} AND kind = 'achievement_earned'`),
    ).toBe(1);
  });
});

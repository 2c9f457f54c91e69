import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { NEW_USER_CURRENT_POINTS, NOTIFICATION_MARK_READ_LIMIT, STREAK_BOARD_LIMIT } from '../../core/constants';
import { POINTS } from '../../core/points';
import type { Database } from '../db/database';
import { build, signIn } from './helpers';
import { buildWithFiles, putPoop, scalar, signInAndPost } from './poop-helpers';

type Session = Awaited<ReturnType<typeof signIn>>;

async function rename(app: FastifyInstance, session: Session, username: string) {
  const res = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: session.cookie }, payload: { username } });
  expect(res.statusCode).toBe(200);
}

/** Notifications about others' actions (an achievement the user earned, issue 44, is not one). */
const notificationsOf = (database: Database, uid: string) =>
  scalar(database, sql`SELECT count(*) AS n FROM notifications WHERE uid = ${uid} AND kind <> 'achievement_earned'`);
const pointsOf = async (database: Database, uid: string) => ({
  current: await scalar(database, sql`SELECT current_points AS n FROM users WHERE uid = ${uid}`),
  accumulated: await scalar(database, sql`SELECT accumulated_points AS n FROM users WHERE uid = ${uid}`),
});

/** Inserts bare users straight into the table (leaderboard and search fixtures). */
async function insertUsers(
  database: Database,
  rows: Array<{ uid: string; username: string; current?: number; longest?: number; last?: Date | null }>,
) {
  for (const row of rows) {
    await database.db.execute(sql`
      INSERT INTO users (uid, username, username_searchable, current_streak, longest_streak, last_poop_posted)
      VALUES (${row.uid}, ${row.username}, ${row.username.toLowerCase()}, ${row.current ?? 0}, ${row.longest ?? 0},
              ${row.last ? row.last.toISOString() : null}::timestamptz)`);
  }
}

describe('follows under concurrency', () => {
  it('20 concurrent follow/unfollow requests between the same pair leave counts equal to the rows', async () => {
    const { app, database } = await build();
    const alice = await signIn(app);
    const bob = await signIn(app);
    const url = `/api/users/${bob.user.uid}/follow`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => app.inject({ method: i % 3 === 0 ? 'DELETE' : 'PUT', url, headers: { cookie: alice.cookie } })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await scalar(database, sql`SELECT count(*) AS n FROM follows WHERE followee_uid = ${bob.user.uid}`);
    const rowsOut = await scalar(database, sql`SELECT count(*) AS n FROM follows WHERE follower_uid = ${alice.user.uid}`);
    expect(await scalar(database, sql`SELECT followers AS n FROM users WHERE uid = ${bob.user.uid}`)).toBe(rows);
    expect(await scalar(database, sql`SELECT followings AS n FROM users WHERE uid = ${alice.user.uid}`)).toBe(rowsOut);
    // However it ended, at most one 'followed' notification exists.
    expect(await notificationsOf(database, bob.user.uid)).toBeLessThanOrEqual(1);
  });
});

describe('notifications', () => {
  it('one for each event, none for self-actions, none duplicated by replays or re-likes', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signInAndPost(app);
    const fan = await signIn(app);
    await rename(app, fan, 'FanOne');
    const as = (cookie: string, method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

    // Self-actions: like and comment on your own post.
    await as(author.cookie, 'PUT', `/api/poops/${author.id}/like`);
    await as(author.cookie, 'POST', `/api/poops/${author.id}/comments`, { id: randomUUID(), text: 'mine' });
    expect(await notificationsOf(database, author.user.uid)).toBe(0);

    // A like, replayed, withdrawn and given again: one notification.
    for (const method of ['PUT', 'PUT', 'DELETE', 'PUT'] as const) await as(fan.cookie, method, `/api/poops/${author.id}/like`);
    // A comment, replayed under the same id: one.
    const commentId = randomUUID();
    await as(fan.cookie, 'POST', `/api/poops/${author.id}/comments`, { id: commentId, text: 'nice' });
    await as(fan.cookie, 'POST', `/api/poops/${author.id}/comments`, { id: commentId, text: 'nice' });
    // A follow, replayed, undone and redone: one.
    for (const method of ['PUT', 'PUT', 'DELETE', 'PUT'] as const) await as(fan.cookie, method, `/api/users/${author.user.uid}/follow`);
    expect(await notificationsOf(database, author.user.uid)).toBe(3);

    // The author likes the fan's comment (twice): the fan hears once.
    const ownComment = randomUUID();
    await as(fan.cookie, 'POST', `/api/poops/${author.id}/comments`, { id: ownComment, text: 'again' });
    await as(fan.cookie, 'PUT', `/api/comments/${ownComment}/like`); // own comment: nothing
    await as(author.cookie, 'PUT', `/api/comments/${ownComment}/like`);
    await as(author.cookie, 'PUT', `/api/comments/${ownComment}/like`);
    expect(await notificationsOf(database, fan.user.uid)).toBe(1);

    const list = await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: author.cookie } });
    expect(list.statusCode).toBe(200);
    const all = list.json().notifications as Array<{ kind: string }>;
    // The author's first post earned "First post" (issue 44): notified too, the oldest of the list.
    expect(all.at(-1)).toMatchObject({
      kind: 'achievement_earned',
      message: 'You earned "First post"',
      params: { achievementKey: 'first_post', achievementTitle: 'First post' },
    });
    const items = all.filter((n) => n.kind !== 'achievement_earned') as Array<{
      kind: string;
      message: string;
      link: string;
      isRead: boolean;
      actor: { uid: string };
    }>;
    // The fan's later comment notified too: four in all, newest first.
    expect(items.map((n) => n.kind).sort()).toEqual(['followed', 'poop_commented', 'poop_commented', 'poop_liked']);
    expect(items[0]).toMatchObject({ kind: 'poop_commented', message: 'FanOne commented on your post', isRead: false });
    expect(items.find((n) => n.kind === 'poop_liked')).toMatchObject({
      message: 'FanOne liked your post',
      link: `/root/poop/${author.id}`,
    });
    expect(items.find((n) => n.kind === 'followed')).toMatchObject({
      message: 'FanOne started following you',
      link: `/root/user/${fan.user.uid}`,
      actor: { uid: fan.user.uid },
    });
    const unread = await app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie: author.cookie } });
    expect(unread.json()).toEqual({ count: 5 });

    // Marking one read: only your own.
    const first = items[0] as unknown as { id: string };
    expect((await as(fan.cookie, 'POST', `/api/notifications/${first.id}/read`)).statusCode).toBe(404);
    expect((await as(author.cookie, 'POST', `/api/notifications/${first.id}/read`)).json()).toEqual({ updated: 1, unread: 4 });
  });

  it("'Mark all as read' updates at most 50, the newest first, and pages list them newest first", async () => {
    const { app, database } = await build();
    const me = await signIn(app);
    const other = await signIn(app);
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    for (let i = 0; i < 60; i++) {
      await database.db.execute(sql`
        INSERT INTO notifications (id, uid, created_date, kind, message, link, actor_uid)
        VALUES (${randomUUID()}, ${me.user.uid}, ${new Date(base + i * 1000).toISOString()}::timestamptz,
                'followed', ${`n${i}`}, '/root/user/x', ${other.user.uid})`);
    }
    const res = await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie: me.cookie } });
    expect(res.json()).toEqual({ updated: NOTIFICATION_MARK_READ_LIMIT, unread: 10 });
    const oldestUnread = await scalar(
      database,
      sql`SELECT count(*) AS n FROM notifications WHERE uid = ${me.user.uid} AND NOT is_read AND message IN ('n0','n1','n2','n3','n4','n5','n6','n7','n8','n9')`,
    );
    expect(oldestUnread).toBe(10);

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const url: string = `/api/notifications${cursor ? `?cursor=${cursor}` : ''}`;
      const body = (await app.inject({ method: 'GET', url, headers: { cookie: me.cookie } })).json();
      seen.push(...body.notifications.map((n: { message: string }) => n.message));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => `n${59 - i}`));
    expect((await app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('opening the list marks what it showed as read; chat messages are not counted in the bell', async () => {
    const { app, database } = await build();
    const me = await signIn(app);
    const other = await signIn(app);
    const ids: [string, string, string] = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      await database.db.execute(sql`
        INSERT INTO notifications (id, uid, created_date, kind, message, link, actor_uid)
        VALUES (${id}, ${me.user.uid}, ${new Date(Date.parse('2026-01-01T00:00:00.000Z') + i * 1000).toISOString()}::timestamptz,
                'followed', ${`n${i}`}, '/root/user/x', ${other.user.uid})`);
    }
    await database.db.execute(sql`
      INSERT INTO notifications (id, uid, created_date, kind, message, link, actor_uid)
      VALUES (${randomUUID()}, ${me.user.uid}, now(), 'chat_message', 'Other sent you a message', '/root/chat', ${other.user.uid})`);
    const get = (url: string, cookie = me.cookie) => app.inject({ method: 'GET', url, headers: { cookie } });
    const mark = (payload: { ids: string[] }, cookie = me.cookie) =>
      app.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie }, payload });

    // The bell counts the three, not the chat message (counted on the chat button).
    expect((await get('/api/notifications/unread-count')).json()).toEqual({ count: 3 });

    // Someone else's ids change nothing; the owner's shown ones are read, the unshown stays unread.
    expect((await mark({ ids: [ids[0]] }, other.cookie)).json()).toEqual({ updated: 0, unread: 0 });
    expect((await mark({ ids: [ids[1], ids[2]] })).json()).toEqual({ updated: 2, unread: 1 });
    expect((await mark({ ids: [ids[2]] })).json()).toEqual({ updated: 0, unread: 1 });
    expect((await mark({ ids: [] })).statusCode).toBe(400);
    expect((await mark({ ids: ['not-an-id'] })).statusCode).toBe(400);
    expect((await mark({ ids: Array.from({ length: NOTIFICATION_MARK_READ_LIMIT + 1 }, () => randomUUID()) })).statusCode).toBe(400);
  });
});

describe('points', () => {
  it('a post earns 10, a like 1 to the author once per replay, withdrawn with the like, and nothing for your own', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signInAndPost(app);
    expect(await pointsOf(database, author.user.uid)).toEqual({ current: NEW_USER_CURRENT_POINTS + POINTS.post, accumulated: POINTS.post });
    // Replaying the same post earns nothing more.
    expect((await putPoop(app, author.cookie, author.id)).statusCode).toBe(200);
    const afterPost = await pointsOf(database, author.user.uid);
    expect(afterPost.accumulated).toBe(POINTS.post);

    const fan = await signIn(app);
    const like = (cookie: string, method: 'PUT' | 'DELETE') =>
      app.inject({ method, url: `/api/poops/${author.id}/like`, headers: { cookie } });
    await Promise.all([like(fan.cookie, 'PUT'), like(fan.cookie, 'PUT'), like(fan.cookie, 'PUT')]);
    expect((await pointsOf(database, author.user.uid)).accumulated).toBe(POINTS.post + POINTS.likeReceived);
    await like(fan.cookie, 'DELETE');
    await like(fan.cookie, 'DELETE');
    expect((await pointsOf(database, author.user.uid)).accumulated).toBe(POINTS.post);
    await like(author.cookie, 'PUT');
    expect((await pointsOf(database, author.user.uid)).accumulated).toBe(POINTS.post);
    expect(await pointsOf(database, fan.user.uid)).toEqual({ current: NEW_USER_CURRENT_POINTS, accumulated: 0 });
  });
});

describe('leaderboards', () => {
  it('orders by streak, breaks ties by uid, keeps 50, and a lapsed current streak reads 0 and sinks', async () => {
    const { app, database } = await build();
    const now = Date.now();
    const recent = new Date(now - 60 * 60 * 1000);
    const lapsed = new Date(now - 29 * 60 * 60 * 1000);
    const rows = Array.from({ length: 55 }, (_, i) => ({
      uid: `lb${String(i).padStart(2, '0')}`,
      username: `Leader${i}`,
      current: i % 5,
      longest: 10 + (i % 7),
      last: recent,
    }));
    rows.push({ uid: 'lbzlapsed', username: 'Lapsed', current: 99, longest: 99, last: lapsed });
    await insertUsers(database, rows);

    const res = await app.inject({ method: 'GET', url: '/api/leaderboards' });
    expect(res.statusCode).toBe(200);
    const { currentStreaks, longestStreaks } = res.json<{
      currentStreaks: Array<{ uid: string; currentStreak: number; longestStreak: number }>;
      longestStreaks: Array<{ uid: string; longestStreak: number }>;
    }>();
    expect(currentStreaks).toHaveLength(STREAK_BOARD_LIMIT);
    expect(longestStreaks).toHaveLength(STREAK_BOARD_LIMIT);
    // Lapsed 99 is not on top of the current board; it tops the longest one.
    expect(currentStreaks[0]!.currentStreak).toBe(4);
    expect(currentStreaks.find((u) => u.uid === 'lbzlapsed')?.currentStreak ?? 0).toBe(0);
    expect(longestStreaks[0]).toMatchObject({ uid: 'lbzlapsed', longestStreak: 99 });
    // Non-increasing, ties by longest then uid ascending.
    for (let i = 1; i < currentStreaks.length; i++) {
      const [a, b] = [currentStreaks[i - 1]!, currentStreaks[i]!];
      expect(a.currentStreak).toBeGreaterThanOrEqual(b.currentStreak);
      if (a.currentStreak === b.currentStreak) {
        expect(a.longestStreak > b.longestStreak || (a.longestStreak === b.longestStreak && a.uid < b.uid)).toBe(true);
      }
    }
    for (let i = 1; i < longestStreaks.length; i++) {
      const [a, b] = [longestStreaks[i - 1]!, longestStreaks[i]!];
      expect(a.longestStreak > b.longestStreak || (a.longestStreak === b.longestStreak && a.uid < b.uid)).toBe(true);
    }
    // The user page reads the lapsed streak as 0 too, without any write.
    const page = await app.inject({ method: 'GET', url: '/api/users/lbzlapsed' });
    expect(page.json().user).toMatchObject({ currentStreak: 0, longestStreak: 99 });
    expect(await scalar(database, sql`SELECT current_streak AS n FROM users WHERE uid = 'lbzlapsed'`)).toBe(99);
  });
});

describe('user pages, follow lists and search', () => {
  it('finds users by prefix first, then by a one-letter typo', async () => {
    const { app, database } = await build();
    await insertUsers(database, [
      { uid: 's1', username: 'Marigold' },
      { uid: 's2', username: 'MariaBee' },
      { uid: 's3', username: 'Zebra' },
      { uid: 's4', username: 'ZMarigoldFan' },
      { uid: 's5', username: '100%_real' },
    ]);
    const search = async (q: string) =>
      (
        (await app.inject({ method: 'GET', url: `/api/users/search?q=${encodeURIComponent(q)}` })).json().users as Array<{ uid: string }>
      ).map((u) => u.uid);
    expect(await search('  MARI ')).toEqual(expect.arrayContaining(['s1', 's2']));
    expect((await search('mari')).slice(0, 2).sort()).toEqual(['s1', 's2']);
    expect(await search('marigold')).toEqual(['s1', 's4']);
    expect(await search('marigolf')).toContain('s1');
    expect(await search('zebrs')).toEqual(['s3']);
    expect(await search('100%')).toEqual(['s5']);
    expect(await search('')).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/users/search?q=${'x'.repeat(51)}` })).statusCode).toBe(400);
  });

  it('shows a profile with isFollowing, and pages follow lists', async () => {
    const { app } = await build();
    const star = await signIn(app);
    const fans = await Promise.all(Array.from({ length: 33 }, () => signIn(app)));
    for (const fan of fans) {
      await app.inject({ method: 'PUT', url: `/api/users/${star.user.uid}/follow`, headers: { cookie: fan.cookie } });
    }
    const seen = await app.inject({ method: 'GET', url: `/api/users/${star.user.uid}`, headers: { cookie: fans[0]!.cookie } });
    expect(seen.json().user).toMatchObject({ uid: star.user.uid, followers: 33, followings: 0, isFollowing: true, premium: false });
    expect(seen.json().user.email).toBeUndefined();

    const uids: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const url: string = `/api/users/${star.user.uid}/followers${cursor ? `?cursor=${cursor}` : ''}`;
      const body = (await app.inject({ method: 'GET', url })).json();
      uids.push(...body.users.map((u: { uid: string }) => u.uid));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(uids.sort()).toEqual(fans.map((f) => f.user.uid).sort());
    const followings = (await app.inject({ method: 'GET', url: `/api/users/${fans[0]!.user.uid}/followings` })).json();
    expect(followings.users.map((u: { uid: string }) => u.uid)).toEqual([star.user.uid]);
    const most = (await app.inject({ method: 'GET', url: '/api/users/most-followed' })).json();
    expect(most.users[0]).toMatchObject({ uid: star.user.uid, followers: 33 });
    expect((await app.inject({ method: 'GET', url: '/api/users/nobody-here' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/users/${star.user.uid}/followers?cursor=bad` })).statusCode).toBe(400);
  }, 60_000);

  it('stats list your own posts of the last 90 days by New York day', async () => {
    const { app } = await buildWithFiles();
    const author = await signInAndPost(app, { type: 'Type 3' });
    const res = await app.inject({ method: 'GET', url: '/api/me/stats', headers: { cookie: author.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ days: 90, posts: [{ type: 'Type 3' }] });
    expect((await app.inject({ method: 'GET', url: '/api/me/stats' })).statusCode).toBe(401);
  });
});

describe('lapsed streaks on your own profile', () => {
  it('GET /api/me reads a streak older than 28 h as 0 without writing it', async () => {
    const { app, database } = await build();
    const me = await signIn(app);
    const lapsed = new Date(Date.now() - 29 * 60 * 60 * 1000).toISOString();
    const alive = new Date(Date.now() - 27 * 60 * 60 * 1000).toISOString();
    await database.db.execute(
      sql`UPDATE users SET current_streak = 5, longest_streak = 8, last_poop_posted = ${lapsed}::timestamptz WHERE uid = ${me.user.uid}`,
    );
    const read = async () => (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: me.cookie } })).json().user;
    expect(await read()).toMatchObject({ currentStreak: 0, longestStreak: 8 });
    expect(await scalar(database, sql`SELECT current_streak AS n FROM users WHERE uid = ${me.user.uid}`)).toBe(5);
    await database.db.execute(sql`UPDATE users SET last_poop_posted = ${alive}::timestamptz WHERE uid = ${me.user.uid}`);
    expect(await read()).toMatchObject({ currentStreak: 5 });
  });
});

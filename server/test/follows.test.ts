import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build, signIn } from './helpers';
import { scalar } from './poop-helpers';

describe('follow and unfollow', () => {
  it('raises both counts once, however often it is repeated, and unfollow reverses it', async () => {
    const { app } = await build();
    const alice = await signIn(app);
    const bob = await signIn(app);
    const url = `/api/users/${bob.user.uid}/follow`;

    const first = await app.inject({ method: 'PUT', url, headers: { cookie: alice.cookie } });
    const again = await app.inject({ method: 'PUT', url, headers: { cookie: alice.cookie } });
    expect(first.json()).toEqual({ following: true, followers: 1, followings: 1 });
    expect(again.json()).toEqual({ following: true, followers: 1, followings: 1 });

    const bobMe = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: bob.cookie } });
    expect(bobMe.json().user).toMatchObject({ followers: 1, followings: 0 });

    const off = await app.inject({ method: 'DELETE', url, headers: { cookie: alice.cookie } });
    const offAgain = await app.inject({ method: 'DELETE', url, headers: { cookie: alice.cookie } });
    expect(off.json()).toEqual({ following: false, followers: 0, followings: 0 });
    expect(offAgain.json()).toEqual({ following: false, followers: 0, followings: 0 });
  });

  it('keeps counts equal to the rows under concurrent repeats', async () => {
    const { app, database } = await build();
    const alice = await signIn(app);
    const bob = await signIn(app);
    const url = `/api/users/${bob.user.uid}/follow`;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => app.inject({ method: i % 2 ? 'DELETE' : 'PUT', url, headers: { cookie: alice.cookie } })),
    );
    const rows = () => scalar(database, sql`SELECT count(*) AS n FROM follows WHERE follower_uid = ${alice.user.uid}`);
    const counters = () =>
      database.db.execute(sql`SELECT uid, followers, followings FROM users WHERE uid IN (${alice.user.uid}, ${bob.user.uid})`);
    const countersMatchRows = async () => {
      const n = await rows();
      expect(n).toBeLessThanOrEqual(1);
      const { rows: users } = (await counters()) as { rows: Array<{ uid: string; followers: number; followings: number }> };
      const byUid = new Map(users.map((u) => [u.uid, u]));
      expect(byUid.get(alice.user.uid)).toMatchObject({ followings: n, followers: 0 });
      expect(byUid.get(bob.user.uid)).toMatchObject({ followers: n, followings: 0 });
    };
    await countersMatchRows();

    const final = await app.inject({ method: 'PUT', url, headers: { cookie: alice.cookie } });
    expect(final.json()).toEqual({ following: true, followers: 1, followings: 1 });
    expect(await rows()).toBe(1);
    await countersMatchRows();
    await app.inject({ method: 'DELETE', url, headers: { cookie: alice.cookie } });
    expect(await rows()).toBe(0);
    await countersMatchRows();
  });

  it('refuses following yourself, an unknown user, and anonymous callers', async () => {
    const { app } = await build();
    const alice = await signIn(app);
    const self = await app.inject({ method: 'PUT', url: `/api/users/${alice.user.uid}/follow`, headers: { cookie: alice.cookie } });
    expect(self.statusCode).toBe(400);
    const ghost = await app.inject({ method: 'PUT', url: '/api/users/nobody/follow', headers: { cookie: alice.cookie } });
    expect(ghost.statusCode).toBe(404);
    const anon = await app.inject({ method: 'PUT', url: `/api/users/${alice.user.uid}/follow` });
    expect(anon.statusCode).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, signIn } from './helpers';

describe('profile and settings', () => {
  it('saves settings on the user record', async () => {
    const { app } = await build();
    const { cookie } = await signIn(app);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: { darkMode: true, alwaysView: true, enableNotifications: true },
    });
    expect(res.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ darkMode: true, alwaysView: true, enableNotifications: true });
  });

  it("the leaderboard's 'New' badge: unseen on a new account, seen for good once marked, and only true is accepted", async () => {
    const { app } = await build();
    const { cookie, user } = await signIn(app);
    expect(user.leaderboardSeen).toBe(false);
    const seen = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { leaderboardSeen: true } });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().user.leaderboardSeen).toBe(true);
    const undo = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { leaderboardSeen: false } });
    expect(undo.statusCode).toBe(400);
    expect(undo.json().error.code).toBeTruthy();
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.leaderboardSeen).toBe(true);
  });

  it('a new account has made no theme choice (darkMode null: the app follows the device) until it picks one, and can go back to none', async () => {
    const { app } = await build();
    const { cookie, user } = await signIn(app);
    expect(user.darkMode).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.darkMode).toBeNull();

    const chosen = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { darkMode: false } });
    expect(chosen.json().user.darkMode).toBe(false);
    const system = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { darkMode: null } });
    expect(system.statusCode).toBe(200);
    expect(system.json().user.darkMode).toBeNull();
  });

  it('changes the username and keeps username_searchable in step', async () => {
    const { app } = await build();
    const { cookie } = await signIn(app);
    const res = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { username: '  Poo.Master_9 ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'Poo.Master_9', username_searchable: 'poo.master_9' });
  });

  it('a username taken in another case is a 409 and changes nothing', async () => {
    const { app } = await build();
    const alice = await signIn(app);
    const bob = await signIn(app);
    await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: alice.cookie }, payload: { username: 'Rumble' } });

    const res = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: bob.cookie },
      payload: { username: 'rUMBLE', darkMode: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: 'That username is already taken.', reason: 'usernameTaken' } });
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: bob.cookie } });
    expect(me.json().user).toMatchObject({ username: bob.user.username, darkMode: null });
  });

  it.each([
    ['too short', { username: 'ab' }],
    ['with spaces', { username: 'poo master' }],
    ['an empty body', {}],
    ['an unknown field only', { admin: true }],
    ['a string for a boolean', { darkMode: 'yes' }],
  ])('refuses %s with a 400', async (_name, payload) => {
    const { app } = await build();
    const { cookie, user } = await signIn(app);
    const res = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ username: user.username, admin: false, darkMode: null });
  });

  it('needs a session', async () => {
    const { app } = await build();
    const res = await app.inject({ method: 'PATCH', url: '/api/me', payload: { darkMode: true } });
    expect(res.statusCode).toBe(401);
  });
});

describe('support', () => {
  it('stores a message with who sent it, once per id', async () => {
    const { app, database } = await build();
    const { cookie, account } = await signIn(app);
    const id = randomUUID();
    const send = () =>
      app.inject({ method: 'POST', url: '/api/support', headers: { cookie }, payload: { id, message: ' My streak reset! ' } });
    const first = await send();
    const replay = await send();
    expect(first.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const rows = await database.db.execute<{ email: string; message: string }>(sql`SELECT email, message FROM support WHERE id = ${id}`);
    expect((rows as { rows: unknown[] }).rows).toEqual([{ email: account.email, message: 'My streak reset!' }]);
  });

  it('refuses an empty message and a message over the limit', async () => {
    const { app } = await build();
    const { cookie } = await signIn(app);
    for (const message of ['   ', 'x'.repeat(2001)]) {
      const res = await app.inject({ method: 'POST', url: '/api/support', headers: { cookie }, payload: { id: randomUUID(), message } });
      expect(res.statusCode).toBe(400);
    }
  });
});

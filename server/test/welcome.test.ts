import { describe, expect, it } from 'vitest';
import { build, signIn } from './helpers';

describe('the new-account welcome', () => {
  it('a new account is not welcomed yet; finishing (or skipping) records it once, for every device', async () => {
    const { app } = await build();
    const { cookie, user } = await signIn(app);
    expect(user.welcomedAt).toBeNull();

    const done = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { welcomed: true } });
    expect(done.statusCode).toBe(200);
    const first = done.json().user.welcomedAt as string;
    expect(Date.parse(first)).not.toBeNaN();

    // Another device finishing it later keeps the first time.
    const again = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { welcomed: true } });
    expect(again.json().user.welcomedAt).toBe(first);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user.welcomedAt).toBe(first);
  });

  it('welcomed only takes true', async () => {
    const { app } = await build();
    const { cookie } = await signIn(app);
    const res = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { welcomed: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('says whether a username is free: taken by someone else in any case, against the rules, or yours already', async () => {
    const { app } = await build();
    const alice = await signIn(app);
    const bob = await signIn(app);
    await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: alice.cookie }, payload: { username: 'Rumble' } });
    const ask = (cookie: string, username: string) =>
      app.inject({ method: 'GET', url: `/api/me/username-available?username=${encodeURIComponent(username)}`, headers: { cookie } });

    expect((await ask(bob.cookie, 'rUMBLE ')).json()).toEqual({ available: false, reason: 'taken' });
    expect((await ask(alice.cookie, 'rumble')).json()).toEqual({ available: true });
    expect((await ask(bob.cookie, 'Fresh.Name_1')).json()).toEqual({ available: true });
    expect((await ask(bob.cookie, 'no spaces')).json()).toEqual({ available: false, reason: 'chars' });
    expect((await ask(bob.cookie, 'ab')).json()).toEqual({ available: false, reason: 'length' });
  });

  it('asks for a session', async () => {
    const { app } = await build();
    const res = await app.inject({ method: 'GET', url: '/api/me/username-available?username=Someone' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});

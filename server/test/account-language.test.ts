import { describe, expect, it } from 'vitest';
import { build, signIn } from './helpers';
import { isErrorEnvelope } from './error-envelope';

describe("the account's language (issue 62)", () => {
  it('is null on a new account (each device follows its own), is kept once chosen, and can go back to null', async () => {
    const { app } = await build();
    const { cookie, user } = await signIn(app);
    expect(user.language).toBeNull();

    const chosen = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { language: 'it' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().user.language).toBe('it');
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.language).toBe('it');

    const device = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { language: null } });
    expect(device.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.language).toBeNull();
  });

  it.each([['fr'], ['it-IT'], [1]])('refuses %j with a 400 envelope and changes nothing', async (language) => {
    const { app } = await build();
    const { cookie } = await signIn(app);
    await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { language: 'en' } });

    const res = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { language } });
    expect(res.statusCode).toBe(400);
    expect(isErrorEnvelope(res.json())).toBe(true);
    expect(res.json().error.code).toBe('bad_request');
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.language).toBe('en');
  });
});

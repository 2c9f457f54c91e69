import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { NEW_USER_DEFAULTS } from '../../core/user';
import { SERVER_MESSAGES } from '../../core/server-messages';
import { sessions } from '../db/schema';
import { SessionRepository } from '../repositories/session.repository';
import { SessionService } from '../services/session.service';
import {
  build,
  buildOn,
  cookieFrom,
  openSession,
  openTestDatabase,
  revokeOnEmulator,
  signIn,
  signInAsGuest,
  signUpOnEmulator,
  verifyEmailOnEmulator,
} from './helpers';

describe('session', () => {
  it('exchanges an emulator ID token for an httpOnly cookie and creates the user with the initial values', async () => {
    const { app } = await build();
    const account = await signUpOnEmulator();
    const res = await app.inject({ method: 'POST', url: '/api/session', payload: { idToken: account.idToken } });

    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^plop_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const user = res.json().user;
    expect(user).toMatchObject({
      uid: account.uid,
      email: account.email,
      premium: false,
      followers: 0,
      followings: 0,
      points: { accumulatedPoints: 0, currentPoints: 300 },
      photoURL: '',
      currentStreak: 0,
      longestStreak: 0,
      admin: false,
    });
    expect(user.points).toEqual(NEW_USER_DEFAULTS.points);
    expect(user.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+([1-9]\d{0,2})$/);
    expect(user.username_searchable).toBe(user.username.toLowerCase());

    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieFrom(res.headers['set-cookie']) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.uid).toBe(account.uid);
  });

  it('signing in again keeps the same record and username', async () => {
    const { app } = await build();
    const first = await signIn(app);
    const again = await app.inject({ method: 'POST', url: '/api/session', payload: { idToken: first.account.idToken } });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.username).toBe(first.user.username);
  });

  it("a new account starts in the time zone its first sign-in's device names; later sign-ins keep it; an unknown zone leaves New York", async () => {
    const { app } = await build();
    const zoneOf = async (cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/streak', headers: { cookie } })).json<{ timeZone: string | null }>().timeZone;
    const signUp = async (timeZone: string) => {
      const account = await signUpOnEmulator();
      const res = await app.inject({ method: 'POST', url: '/api/session', payload: { idToken: account.idToken, timeZone } });
      expect(res.statusCode).toBe(200);
      return { account, cookie: cookieFrom(res.headers['set-cookie']) };
    };

    const tokyo = await signUp('Asia/Tokyo');
    expect(await zoneOf(tokyo.cookie)).toBe('Asia/Tokyo');
    // Signing in again from another zone changes nothing: the app records a move (PATCH /api/streak/settings).
    const again = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { idToken: tokyo.account.idToken, timeZone: 'Europe/Rome' },
    });
    expect(again.statusCode).toBe(200);
    expect(await zoneOf(cookieFrom(again.headers['set-cookie']))).toBe('Asia/Tokyo');
    // A name no zone has: the sign-in still works, the days are New York's until one is recorded.
    expect(await zoneOf((await signUp('Mars/Olympus_Mons')).cookie)).toBe(null);
    // Not a zone's shape at all: refused like any bad input.
    const account = await signUpOnEmulator();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { idToken: account.idToken, timeZone: 'Rome; DROP' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('bad_request');
  });

  it('refuses an ID token revoked after it was issued, but not one the emulator dated a second before its account', async () => {
    const { app } = await build();
    const account = await signUpOnEmulator();
    const { auth_time: authTime } = JSON.parse(Buffer.from(account.idToken.split('.')[1]!, 'base64url').toString()) as {
      auth_time: number;
    };
    const open = () => app.inject({ method: 'POST', url: '/api/session', payload: { idToken: account.idToken } });
    // What the emulator does when a second ends while it creates an account: validSince one second later.
    await revokeOnEmulator(account.uid, authTime + 1);
    expect((await open()).statusCode).toBe(200);
    // A revocation after the sign-in (a sign-out everywhere, say): the token opens nothing.
    await revokeOnEmulator(account.uid, authTime + 2);
    const refused = await open();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(SERVER_MESSAGES.sessionExpired);
  });

  it('uses a __Host- Secure cookie when served over HTTPS', async () => {
    const { app } = await build({ PUBLIC_URL: 'https://plop.example' });
    const account = await signUpOnEmulator();
    const res = await app.inject({ method: 'POST', url: '/api/session', payload: { idToken: account.idToken } });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-plop_session=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/Path=\//);
  });

  it('rejects a forged ID token with 401 and writes nothing', async () => {
    const { app } = await build();
    const res = await app.inject({ method: 'POST', url: '/api/session', payload: { idToken: 'not-a-token' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String), reason: 'sessionExpired' } });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('signing out revokes the session: the old cookie no longer works', async () => {
    const { app } = await build();
    const { cookie } = await signIn(app);
    const out = await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/plop_session=;/);

    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('answers /api/me without a cookie, or with a garbage one, with 401', async () => {
    const { app } = await build();
    const none = await app.inject({ method: 'GET', url: '/api/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthenticated');
    const garbage = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: 'plop_session=abc' } });
    expect(garbage.statusCode).toBe(401);
  });

  it('refuses a cross-site sign-out even with a valid cookie', async () => {
    const { app } = await build();
    const { cookie } = await signIn(app);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_site_request');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('makes a configured admin e-mail an admin only once the address is verified', async () => {
    const email = `boss-${Date.now()}@example.com`;
    const { app } = await build({ ADMIN_EMAILS: email });
    const { user, account } = await signIn(app, email);
    expect(user.admin).toBe(false);

    const idToken = await verifyEmailOnEmulator(account);
    const res = await app.inject({ method: 'POST', url: '/api/session', payload: { idToken } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.admin).toBe(true);
  });
});

describe('server-side sessions', () => {
  it('the cookie is an opaque random id; only its SHA-256 is stored', async () => {
    const { app, database } = await build();
    const { cookie, account } = await signIn(app);
    const value = cookie.split('=')[1]!;
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.select().from(sessions).where(eq(sessions.uid, account.uid));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(createHash('sha256').update(value).digest('base64url'));
    expect(rows[0]!.id).not.toContain(value);
  });

  it('a session survives a restart of the server and needs no call to Firebase per request', async () => {
    const database = await openTestDatabase();
    onTestFinished(() => database.close());
    const first = await buildOn(database);
    const { cookie, account } = await signIn(first.app);
    await first.app.close();
    // Revoking the refresh tokens is what the emulator's import on restart amounts to ('validSince').
    await revokeOnEmulator(account.uid);
    const second = await buildOn(database);
    const me = await second.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.uid).toBe(account.uid);
  });

  it('a guest session stays a guest session', async () => {
    const { app } = await build();
    const guest = await signInAsGuest(app);
    const res = await app.inject({ method: 'PUT', url: `/api/users/${guest.user.uid}/follow`, headers: { cookie: guest.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_required');
  });

  it('an expired session answers 401 and is pruned', async () => {
    const database = await openTestDatabase();
    onTestFinished(() => database.close());
    let clock = new Date();
    const { app } = await buildOn(database, { now: () => clock, env: { SESSION_DAYS: '1' } });
    const { cookie, account } = await signIn(app);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 24 * 3600_000 + 1000);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    const sessionService = new SessionService({
      identity: undefined as never, // not used by pruning
      users: undefined as never, // not used by pruning
      sessions: new SessionRepository(database.db),
      sessionDays: 1,
      adminEmails: [],
    });
    expect(await sessionService.pruneExpired(clock)).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(sessions).where(eq(sessions.uid, account.uid))).toHaveLength(0);
  });

  it('deleting the account ends its sessions at once, cached or not', async () => {
    const { app } = await build();
    const { cookie } = await signIn(app);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const del = await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie } });
    expect(del.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('a second device signed in stays signed in only until sign-out everywhere', async () => {
    const { app } = await build();
    const first = await signIn(app);
    const second = await openSession(app, first.account.idToken);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: second.cookie } })).statusCode).toBe(200);
    await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie: first.cookie } });
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: second.cookie } })).statusCode).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../db/schema';
import { build, signIn } from './helpers';

describe('bad input and unknown routes', () => {
  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a number token', { idToken: 42 }],
    ['an empty token', { idToken: '' }],
  ])('POST /api/session with %s is a 400 with { error: { code, message } }', async (_name, payload) => {
    const { app } = await build();
    const res = await app.inject({ method: 'POST', url: '/api/session', payload: payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const { app } = await build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"idToken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('an unsupported content type is a 415', async () => {
    const { app } = await build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/xml' },
      payload: '<idToken>x</idToken>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('an unknown /api route is a JSON 404', async () => {
    const { app } = await build();
    const res = await app.inject({ method: 'GET', url: '/api/x' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().error.code).toBe('not_found');
  });

  it('health reports the database and the version', async () => {
    const { app, database } = await build();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: database.kind, version: expect.any(String) });
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const { app } = await build();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/session', '/api/me', '/api/health']));
  });

  it('unread notification count counts only the caller’s unread rows', async () => {
    const { app, database } = await build();
    const { cookie, user } = await signIn(app);
    const other = await signIn(app);
    const count = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json().count;
    };
    expect(await count()).toBe(0);

    const row = (uid: string, isRead: boolean) => ({ id: randomUUID(), uid, isRead, kind: 'like', message: 'Someone liked your poop' });
    await database.db
      .insert(notifications)
      .values([row(user.uid, false), row(user.uid, false), row(user.uid, false), row(user.uid, true), row(other.user.uid, false)]);
    expect(await count()).toBe(3);

    await database.db.update(notifications).set({ isRead: true }).where(eq(notifications.uid, user.uid));
    expect(await count()).toBe(0);
  });
});

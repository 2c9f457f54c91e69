import { describe, expect, it } from 'vitest';
import { build, signIn } from './helpers';

describe('bad input and unknown routes', () => {
  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a number token', { idToken: 42 }],
    ['an empty token', { idToken: '' }],
  ])('POST /api/session with %s is a 400 with { error: { code, message } }', async (_name, payload) => {
    const { app } = await build();
    const res = await app.inject({ method: 'POST', url: '/api/session', payload: payload as object | undefined });
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

  it('unread notification count starts at zero for a new user', async () => {
    const { app } = await build();
    const { cookie } = await signIn(app);
    const res = await app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 0 });
  });
});

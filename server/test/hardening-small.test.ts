import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../core/constants';
import { becomePremiumThroughWebhook, fakeStripe } from './fake-stripe';
import { build, signIn } from './helpers';
import { buildWithFiles, putPoop, signInAndPost } from './poop-helpers';
import { isErrorEnvelope } from './error-envelope';

describe('smaller hardening items', () => {
  it.each([
    ['\u200B', 'a zero-width space'],
    ['\u2028', 'a line separator'],
    ['\u202E', 'a right-to-left override'],
    ['\u200B \u2028\u202E\u200D', 'all of them'],
  ])('text made only of %j (%s) is refused as a comment, a chat message and a username, and is no title', async (invisible) => {
    const stripe = await fakeStripe();
    const { app } = await buildWithFiles(stripe.env);
    const author = await signInAndPost(app);
    const comment = await app.inject({
      method: 'POST',
      url: `/api/poops/${author.id}/comments`,
      headers: { cookie: author.cookie },
      payload: { id: randomUUID(), text: invisible },
    });
    expect(comment.statusCode).toBe(400);
    expect(comment.json().error.code).toBe('bad_request');

    const peer = await signIn(app);
    await becomePremiumThroughWebhook(app, stripe, author.user.uid);
    await becomePremiumThroughWebhook(app, stripe, peer.user.uid);
    const message = await app.inject({
      method: 'PUT',
      url: `/api/chat/with/${peer.user.uid}/messages/${randomUUID()}`,
      headers: { cookie: author.cookie },
      payload: { body: invisible },
    });
    expect(message.statusCode).toBe(400);

    const rename = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: author.cookie },
      payload: { username: invisible },
    });
    expect(rename.statusCode).toBe(400);
    const padded = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: author.cookie },
      payload: { username: `${invisible}Rumble${invisible}` },
    });
    expect(padded.json().user.username).toBe('Rumble');

    // A title is optional: made only of invisible characters, it is stored as no title.
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/poops/${author.id}`,
      headers: { cookie: author.cookie },
      payload: { title: invisible },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().poop.title).toBe('');
    const posted = await signInAndPost(app, { title: `${invisible}Morning${invisible}` });
    expect(posted.poop.title).toBe('Morning');
  });

  it('PUT /api/me/avatar checks the session before reading the body', async () => {
    const { app } = await buildWithFiles();
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 1024, 1);
    const body = Buffer.concat([
      Buffer.from('--plop\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'),
      big,
      Buffer.from('\r\n--plop--\r\n'),
    ]);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { 'content-type': 'multipart/form-data; boundary=plop' },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('personal answers carry Cache-Control: no-store', async () => {
    const { app } = await build();
    const { cookie } = await signIn(app);
    for (const url of ['/api/me', '/api/me/activity', '/api/notifications/unread-count']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('re-using the id of a post you may not see answers the same 404 as reading it, not 409', async () => {
    const { app } = await buildWithFiles();
    const { id } = await signInAndPost(app, { private: true });
    const other = await signIn(app);
    const read = await app.inject({ method: 'GET', url: `/api/poops/${id}`, headers: { cookie: other.cookie } });
    const reuse = await putPoop(app, other.cookie, id);
    expect(read.statusCode).toBe(404);
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json()).toEqual(read.json());
    // A public post's id is visible anyway: re-using it stays a 409.
    const shown = await signInAndPost(app, { type: 'Type 4' });
    const visible = await app.inject({ method: 'GET', url: `/api/poops/${shown.id}` });
    expect(visible.statusCode).toBe(200);
    const taken = await putPoop(app, other.cookie, shown.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('conflict');
  });
});

describe('rate limits', () => {
  it('sign-in is limited per address, with 429 in the envelope and Retry-After', async () => {
    const { app } = await build({ RATE_LIMIT_ROUTES: 'on' });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 21; i++) {
      last = await app.inject({ method: 'POST', url: '/api/session', payload: { idToken: 'not-a-token' } });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    if (!last) throw new Error('no request was sent');
    expect(last.statusCode).toBe(429);
    expect(last.json()).toSatisfy(isErrorEnvelope);
    expect(last.json().error.code).toBe('rate_limited');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('follows are limited per user: one user over the limit does not stop another', async () => {
    const { app } = await build({ RATE_LIMIT_ROUTES: 'on' });
    const a = await signIn(app);
    const b = await signIn(app);
    const target = await signIn(app);
    const url = `/api/users/${target.user.uid}/follow`;
    let last;
    for (let i = 0; i < 61; i++) last = await app.inject({ method: 'PUT', url, headers: { cookie: a.cookie } });
    if (!last) throw new Error('no request was sent');
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect((await app.inject({ method: 'PUT', url, headers: { cookie: b.cookie } })).statusCode).toBe(200);
  });

  it('/api/health is never limited; other routes are by the global limit', async () => {
    const { app } = await build({ RATE_LIMIT_MAX: '3' });
    for (let i = 0; i < 6; i++) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const config = [];
    for (let i = 0; i < 4; i++) config.push((await app.inject({ method: 'GET', url: '/api/config' })).statusCode);
    expect(config).toEqual([200, 200, 200, 429]);
  });
});

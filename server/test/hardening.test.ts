import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from './helpers';
import { buildWithFiles, putPoop } from './poop-helpers';

describe('input the database cannot hold is a 400, never a 500', () => {
  it('refuses NUL characters in bodies, paths and queries', async () => {
    const { app } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const patch = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { username: 'ab\u0000cd' } });
    expect(patch.body).toContain('NUL');
    expect(patch.statusCode).toBe(400);
    const support = await app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { cookie },
      payload: { id: randomUUID(), message: 'hi\u0000there' },
    });
    const statuses = [
      support.statusCode,
      (await app.inject({ method: 'GET', url: '/api/users/%00/poops' })).statusCode,
      (await app.inject({ method: 'GET', url: '/api/media/users/%00/avatar' })).statusCode,
      (await putPoop(app, cookie, randomUUID(), { title: 'nul\u0000' })).statusCode,
    ];
    expect(statuses).toEqual([400, 400, 400, 400]);
  });

  it('refuses urn:uuid: ids, which Postgres would not read', async () => {
    const { app } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const id = `urn:uuid:${randomUUID()}`;
    expect((await app.inject({ method: 'GET', url: `/api/poops/${id}` })).statusCode).toBe(400);
    const support = await app.inject({ method: 'POST', url: '/api/support', headers: { cookie }, payload: { id, message: 'x' } });
    expect(support.statusCode).toBe(400);
  });

  it('refuses a "photo" form part that is JSON rather than a file', async () => {
    const { app, files } = await buildWithFiles();
    const { cookie } = await signIn(app);
    // Hand-written: a field part typed application/json, which the multipart parser decodes to an object.
    const payload = [
      '--plop',
      'Content-Disposition: form-data; name="type"',
      '',
      'Type 4',
      '--plop',
      'Content-Disposition: form-data; name="photo"',
      'Content-Type: application/json',
      '',
      JSON.stringify({ 0: 255, 1: 216, 2: 255, length: 3 }),
      '--plop--',
      '',
    ].join('\r\n');
    const res = await app.inject({
      method: 'PUT',
      url: `/api/poops/${randomUUID()}`,
      headers: { 'content-type': 'multipart/form-data; boundary=plop', cookie },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(files()).toEqual([]);
  });

  it('refuses cursors past the year 9999', async () => {
    const { app } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const far = `${(253402300800000).toString(36)}.${randomUUID().replace(/-/g, '')}`;
    expect((await app.inject({ method: 'GET', url: `/api/poops/feed?cursor=${far}` })).statusCode).toBe(400);
    const activity = await app.inject({
      method: 'GET',
      url: `/api/me/activity?cursor=${(8e15).toString(36)}.p${randomUUID().replace(/-/g, '')}`,
      headers: { cookie },
    });
    expect(activity.statusCode).toBe(400);
  });
});

describe('privacy and moderation', () => {
  it('hides the place name with the coordinates when the post is kept off the map', async () => {
    const { app } = await buildWithFiles();
    const author = await signIn(app);
    const id = randomUUID();
    await putPoop(app, author.cookie, id, { latitude: 40.7, longitude: -74, placeName: '1 Secret Street', showInMap: false });
    const seenByOthers = (await app.inject({ method: 'GET', url: `/api/poops/${id}` })).json().poop;
    expect(seenByOthers).toMatchObject({ placeName: '', latitude: null, longitude: null, geohash: '' });
    const seenByAuthor = (await app.inject({ method: 'GET', url: `/api/poops/${id}`, headers: { cookie: author.cookie } })).json().poop;
    expect(seenByAuthor.placeName).toBe('1 Secret Street');
  });

  it('an owner changing the type cannot lift a moderator’s denial', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signIn(app);
    const id = randomUUID();
    await putPoop(app, author.cookie, id);
    await database.db.execute(sql`UPDATE poops SET status = 'denied', verified = true WHERE id = ${id}`);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/poops/${id}`,
      headers: { cookie: author.cookie },
      payload: { type: 'Type 3' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().poop).toMatchObject({ type: 'Type 3', status: 'denied' });
    expect((await app.inject({ method: 'GET', url: '/api/poops/feed' })).json().poops).toEqual([]);
  });

  it('lets caches keep public images, but not private ones', async () => {
    const { app } = await buildWithFiles();
    const author = await signIn(app);
    const open = randomUUID();
    const closed = randomUUID();
    await putPoop(app, author.cookie, open);
    await putPoop(app, author.cookie, closed, { private: true });
    const headers = { cookie: author.cookie };
    const publicImage = await app.inject({ method: 'GET', url: `/api/media/poops/${open}/thumb`, headers });
    const privateImage = await app.inject({ method: 'GET', url: `/api/media/poops/${closed}/thumb`, headers });
    expect(publicImage.headers['cache-control']).toMatch(/immutable/);
    expect(privateImage.statusCode).toBe(200);
    expect(privateImage.headers['cache-control']).toBe('private, no-store');
  });
});

describe('follow counts under contention', () => {
  it('two people following each other at once both succeed with exact counts', async () => {
    const { app } = await buildWithFiles();
    const alice = await signIn(app);
    const bob = await signIn(app);
    for (let round = 0; round < 5; round++) {
      const method = round % 2 ? 'DELETE' : 'PUT';
      const [a, b] = await Promise.all([
        app.inject({ method, url: `/api/users/${bob.user.uid}/follow`, headers: { cookie: alice.cookie } }),
        app.inject({ method, url: `/api/users/${alice.user.uid}/follow`, headers: { cookie: bob.cookie } }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    }
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: alice.cookie } })).json().user;
    expect(me).toMatchObject({ followers: 1, followings: 1 });
  });
});

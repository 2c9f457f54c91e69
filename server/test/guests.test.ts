import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, signInAsGuest } from './helpers';
import { buildWithFiles, putPoop, scalar } from './poop-helpers';

describe('guests (anonymous sign-in)', () => {
  it('get a user record and may change their settings', async () => {
    const { app } = await buildWithFiles();
    const guest = await signInAsGuest(app);
    expect(guest.user.email).toBe('');
    const res = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: guest.cookie }, payload: { darkMode: true } });
    expect(res.statusCode).toBe(200);
  });

  it('may not post, like, comment or follow: 403 account_required and nothing written', async () => {
    const { app, database, files } = await buildWithFiles();
    const guest = await signInAsGuest(app);
    const member = await signIn(app);
    const memberPost = randomUUID();
    expect((await putPoop(app, member.cookie, memberPost)).statusCode).toBe(201);
    const filesBefore = files();

    const attempts = [
      await putPoop(app, guest.cookie, randomUUID()),
      await app.inject({ method: 'PUT', url: `/api/poops/${memberPost}/like`, headers: { cookie: guest.cookie } }),
      await app.inject({
        method: 'POST',
        url: `/api/poops/${memberPost}/comments`,
        headers: { cookie: guest.cookie },
        payload: { id: randomUUID(), text: 'hi' },
      }),
      await app.inject({ method: 'PUT', url: `/api/users/${member.user.uid}/follow`, headers: { cookie: guest.cookie } }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('account_required');
    }
    const uid = guest.user.uid;
    expect(await scalar(database, sql`SELECT count(*) AS n FROM poops WHERE uid = ${uid}`)).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM likes WHERE uid = ${uid}`)).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM comments WHERE uid = ${uid}`)).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM follows WHERE follower_uid = ${uid}`)).toBe(0);
    expect(files()).toEqual(filesBefore);
  });
});

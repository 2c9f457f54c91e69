import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_PAGE_SIZE } from '../../core/constants';
import { buildApp } from '../app';
import { firebaseIdentity } from '../integrations/firebase-auth';
import { signIn, signUpOnEmulator } from './helpers';
import { buildWithFiles, makeJpeg, putPoop, scalar } from './poop-helpers';

async function avatarUpload(bytes: Uint8Array, filename = 'me.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('avatar', new Blob([bytes], { type }), filename);
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

describe('avatar upload', () => {
  it('stores a JPEG re-encoded at users/{uid}/avatar and points photoURL at it', async () => {
    const { app, files } = await buildWithFiles();
    const { cookie, account } = await signIn(app);
    const body = await avatarUpload(await makeJpeg({ width: 600, height: 400 }));
    const res = await app.inject({ method: 'PUT', url: '/api/me/avatar', headers: { ...body.headers, cookie }, payload: body.payload });

    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user.photoURL).toMatch(new RegExp(`^/api/media/users/${account.uid}/avatar\\?v=`));
    expect(files()).toEqual([`users/${account.uid}/avatar`]);

    const image = await app.inject({ method: 'GET', url: user.photoURL });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
  });

  it('drops every byte of metadata: a GPS-tagged JPEG is stored without EXIF, XMP or GPS', async () => {
    const { app } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const original = await makeJpeg({ gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const body = await avatarUpload(original);
    const res = await app.inject({ method: 'PUT', url: '/api/me/avatar', headers: { ...body.headers, cookie }, payload: body.payload });
    const stored = await app.inject({ method: 'GET', url: res.json().user.photoURL });
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('refuses an oversized file with 413 and a non-image renamed .jpg with 415, storing nothing', async () => {
    const { app, files } = await buildWithFiles();
    const { cookie, user } = await signIn(app);

    const huge = await avatarUpload(Buffer.alloc(16 * 1024 * 1024, 0xff));
    const tooBig = await app.inject({ method: 'PUT', url: '/api/me/avatar', headers: { ...huge.headers, cookie }, payload: huge.payload });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('payload_too_large');

    const html = await avatarUpload(Buffer.from('<html><script>alert(1)</script></html>'), 'me.jpg', 'image/jpeg');
    const notImage = await app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { ...html.headers, cookie },
      payload: html.payload,
    });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error.code).toBe('unsupported_media_type');

    expect(files()).toEqual([]);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user.photoURL).toBe(user.photoURL);
  });

  it('needs a session and a file', async () => {
    const { app } = await buildWithFiles();
    const body = await avatarUpload(await makeJpeg());
    const anon = await app.inject({ method: 'PUT', url: '/api/me/avatar', headers: body.headers, payload: body.payload });
    expect(anon.statusCode).toBe(401);

    const { cookie } = await signIn(app);
    const form = new FormData();
    form.append('note', 'no file here');
    const request = new Request('http://localhost/', { method: 'PUT', body: form });
    const empty = await app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { 'content-type': request.headers.get('content-type') ?? '', cookie },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('bad_request');
  });
});

describe('account deletion', () => {
  it('removes every row and file of the user, fixes the counts on the other side, and deletes the Firebase user', async () => {
    const { app, database, files } = await buildWithFiles();
    const leaver = await signIn(app);
    const friend = await signIn(app);
    const fan = await signIn(app);

    // The leaver follows friend, and fan follows the leaver.
    await app.inject({ method: 'PUT', url: `/api/users/${friend.user.uid}/follow`, headers: { cookie: leaver.cookie } });
    await app.inject({ method: 'PUT', url: `/api/users/${leaver.user.uid}/follow`, headers: { cookie: fan.cookie } });
    // The leaver posts, the friend posts; the leaver likes and comments on the friend's post.
    const leaverPost = randomUUID();
    const friendPost = randomUUID();
    expect((await putPoop(app, leaver.cookie, leaverPost)).statusCode).toBe(201);
    expect((await putPoop(app, friend.cookie, friendPost)).statusCode).toBe(201);
    await app.inject({ method: 'PUT', url: `/api/poops/${friendPost}/like`, headers: { cookie: leaver.cookie } });
    await app.inject({
      method: 'POST',
      url: `/api/poops/${friendPost}/comments`,
      headers: { cookie: leaver.cookie },
      payload: { id: randomUUID(), text: 'Nice one' },
    });
    // The fan likes the leaver's post; the leaver has an avatar and wrote to support.
    await app.inject({ method: 'PUT', url: `/api/poops/${leaverPost}/like`, headers: { cookie: fan.cookie } });
    const avatar = await avatarUpload(await makeJpeg());
    await app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { ...avatar.headers, cookie: leaver.cookie },
      payload: avatar.payload,
    });
    await app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { cookie: leaver.cookie },
      payload: { id: randomUUID(), message: 'bye' },
    });
    expect(files().some((f) => f.includes(leaver.user.uid))).toBe(true);
    expect(files().some((f) => f.includes('@'))).toBe(false);

    const res = await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: leaver.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'deleted' });

    const uid = leaver.user.uid;
    for (const table of ['users', 'poops', 'likes', 'comments', 'sessions', 'support']) {
      expect(await scalar(database, sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE uid = ${uid}`)).toBe(0);
    }
    expect(await scalar(database, sql`SELECT count(*) AS n FROM follows WHERE follower_uid = ${uid} OR followee_uid = ${uid}`)).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM account_deletions`)).toBe(0);
    expect(files().filter((f) => f.includes(leaver.account.email) || f.includes(uid))).toEqual([]);
    expect(files().length).toBeGreaterThan(0); // the friend's photos stay

    const friendMe = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: friend.cookie } });
    expect(friendMe.json().user).toMatchObject({ followers: 0, followings: 0 });
    const fanMe = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: fan.cookie } });
    expect(fanMe.json().user).toMatchObject({ followers: 0, followings: 0 });
    const post = await app.inject({ method: 'GET', url: `/api/poops/${friendPost}`, headers: { cookie: friend.cookie } });
    expect(post.json().poop).toMatchObject({ likes: 0, comments: 0 });

    // The old cookie is dead and the e-mail can register afresh on Firebase.
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: leaver.cookie } });
    expect(me.statusCode).toBe(401);
    const again = await signUpOnEmulator(leaver.account.email);
    expect(again.uid).not.toBe(uid);
  });

  it('lists the caller’s own posts, likes and comments newest first', async () => {
    const { app } = await buildWithFiles();
    const alice = await signIn(app);
    const bob = await signIn(app);
    const own = randomUUID();
    const other = randomUUID();
    await putPoop(app, alice.cookie, own, { title: 'Mine' });
    await putPoop(app, bob.cookie, other, { title: 'Bobs' });
    await app.inject({ method: 'PUT', url: `/api/poops/${other}/like`, headers: { cookie: alice.cookie } });
    await app.inject({
      method: 'POST',
      url: `/api/poops/${other}/comments`,
      headers: { cookie: alice.cookie },
      payload: { id: randomUUID(), text: 'Solid' },
    });

    const res = await app.inject({ method: 'GET', url: '/api/me/activity', headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    const { items, nextCursor } = res.json();
    expect(items.map((i: { kind: string; title: string }) => `${i.kind}:${i.title}`).sort()).toEqual([
      'comment:Bobs',
      'like:Bobs',
      'post:Mine',
    ]);
    const times = items.map((i: { at: string }) => Date.parse(i.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items.find((i: { kind: string }) => i.kind === 'comment').text).toBe('Solid');
    expect(nextCursor).toBeNull();

    // Bob makes his post private: Alice's like and comment on it leave her history with it.
    await app.inject({ method: 'PATCH', url: `/api/poops/${other}`, headers: { cookie: bob.cookie }, payload: { private: true } });
    const after = await app.inject({ method: 'GET', url: '/api/me/activity', headers: { cookie: alice.cookie } });
    expect(after.json().items.map((i: { kind: string; title: string }) => `${i.kind}:${i.title}`)).toEqual(['post:Mine']);

    const bad = await app.inject({ method: 'GET', url: '/api/me/activity?cursor=nope', headers: { cookie: alice.cookie } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('account activity pages', () => {
  it('pages through mixed rows with the keyset cursor, each row once', async () => {
    const { app } = await buildWithFiles();
    const alice = await signIn(app);
    const poop = randomUUID();
    await putPoop(app, alice.cookie, poop, { title: 'Mine' });
    await app.inject({ method: 'PUT', url: `/api/poops/${poop}/like`, headers: { cookie: alice.cookie } });
    const commentCount = ACTIVITY_PAGE_SIZE + 2;
    for (let i = 0; i < commentCount; i++) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/poops/${poop}/comments`,
        headers: { cookie: alice.cookie },
        payload: { id: randomUUID(), text: `c${i}` },
      });
      expect(res.statusCode).toBe(201);
    }

    const first = (await app.inject({ method: 'GET', url: '/api/me/activity', headers: { cookie: alice.cookie } })).json();
    expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await app.inject({ method: 'GET', url: `/api/me/activity?cursor=${first.nextCursor}`, headers: { cookie: alice.cookie } })
    ).json();
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items].map((i: { kind: string; text: string }) => `${i.kind}:${i.text}`);
    expect(all).toHaveLength(commentCount + 2);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((row) => row.startsWith('comment:'))).toHaveLength(commentCount);
    expect(all).toContain('post:');
    expect(all).toContain('like:');
  });
});

describe('account deletion that stopped midway', () => {
  it('is finished when the server next starts', async () => {
    const { app, database, config, files } = await buildWithFiles();
    const leaver = await signIn(app);
    expect((await putPoop(app, leaver.cookie, randomUUID())).statusCode).toBe(201);
    // As if a deletion was recorded and the process died before any part of it ran.
    await database.db.execute(sql`INSERT INTO account_deletions (uid, email) VALUES (${leaver.user.uid}, ${leaver.account.email})`);

    const identity = firebaseIdentity(config.firebase);
    const restarted = await buildApp({ config, database, identity, logger: false });
    await restarted.ready();
    try {
      await expect
        .poll(() => scalar(database, sql`SELECT count(*) AS n FROM users WHERE uid = ${leaver.user.uid}`), { timeout: 15_000 })
        .toBe(0);
      await expect.poll(() => scalar(database, sql`SELECT count(*) AS n FROM account_deletions`)).toBe(0);
      expect(files().filter((f) => f.includes(leaver.account.email))).toEqual([]);
      await expect(signUpOnEmulator(leaver.account.email)).resolves.toMatchObject({ email: leaver.account.email });
    } finally {
      await restarted.close();
      await identity.close();
    }
  });
});

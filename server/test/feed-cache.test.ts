import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { FEED_PAGE_SIZE } from '../../core/constants';
import { FEED_CACHE_TTL_MS } from '../services/feed-page-cache';
import { buildOn, signIn, signInVerified, TestClock } from './helpers';
import { buildWithFiles, makeJpeg, putPoop, signInAndPost, uniqueEmail } from './poop-helpers';

interface FeedPoop {
  id: string;
  title: string;
  likes: number;
  comments: number;
  likedByMe: boolean;
  verified: boolean;
  username: string;
  userPhotoURL: string;
  placeName: string;
}

const get = (app: FastifyInstance, url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** Every header but the date, which differs from one reply to the next. */
function headersOf(res: { headers: Record<string, unknown> }) {
  const { date: _date, ...rest } = res.headers;
  return rest;
}

/** The same app on the same database with the cache switched off: the feed as it was read before the cache. */
async function uncachedTwin(database: Parameters<typeof buildOn>[0]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-feed-uncached-'));
  onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const { app } = await buildOn(database, { env: { FEED_CACHE: 'off', RATE_LIMIT_MAX: '0', DATA_DIR: dataDir } });
  return app;
}

async function avatarUpload(app: FastifyInstance, cookie: string) {
  const form = new FormData();
  form.append('avatar', new Blob([await makeJpeg({ width: 80, height: 80 })], { type: 'image/jpeg' }), 'me.jpg');
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return app.inject({
    method: 'PUT',
    url: '/api/me/avatar',
    headers: { 'content-type': request.headers.get('content-type') ?? '', cookie },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('the feed page cache', () => {
  it('answers a repeated page with the bytes and headers of an uncached answer', async () => {
    const clock = new TestClock();
    const { app, database } = await buildWithFiles({ FEED_CACHE: 'on' }, { clock });
    const uncached = await uncachedTwin(database);
    const author = await signIn(app);
    const fan = await signIn(app);
    for (let i = 0; i < 3; i++) {
      clock.advance(1);
      const fields = i === 0 ? { latitude: 40.7, longitude: -74, placeName: 'Home', showInMap: false } : { title: `post ${i}` };
      expect((await putPoop(app, author.cookie, randomUUID(), fields)).statusCode).toBe(201);
    }
    const [first] = (await get(app, '/api/poops/feed')).json().poops;
    await app.inject({ method: 'PUT', url: `/api/poops/${first.id}/like`, headers: { cookie: fan.cookie } });

    // The author sees their own off-map place; the fan sees their like: three different first pages.
    for (const cookie of [undefined, fan.cookie, author.cookie]) {
      const miss = await get(app, '/api/poops/feed', cookie);
      const hit = await get(app, '/api/poops/feed', cookie);
      const reference = await get(uncached, '/api/poops/feed', cookie);
      // One author with fewer posts than a page: their list is the same page, serialised by Fastify from the object.
      const userList = await get(app, `/api/users/${author.user.uid}/poops`, cookie);
      expect(miss.statusCode).toBe(200);
      expect(hit.body).toBe(miss.body);
      expect(hit.body).toBe(reference.body);
      expect(hit.body).toBe(userList.body);
      expect(headersOf(hit)).toEqual(headersOf(miss));
      expect(headersOf(hit)).toEqual(headersOf(reference));
      expect(hit.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(hit.headers['cache-control']).toBe(cookie ? 'no-store' : undefined);
    }
    const authorsPage = (await get(app, '/api/poops/feed', author.cookie)).json().poops as FeedPoop[];
    const anonymousPage = (await get(app, '/api/poops/feed')).json().poops as FeedPoop[];
    expect(authorsPage.map((p) => p.placeName)).toContain('Home');
    expect(anonymousPage.map((p) => p.placeName)).not.toContain('Home');

    // Later pages, through a cursor, are kept per cursor and equal the uncached ones too.
    for (let i = 0; i < FEED_PAGE_SIZE; i++) {
      clock.advance(1);
      await putPoop(app, author.cookie, randomUUID());
    }
    for (const cookie of [undefined, fan.cookie]) {
      const page1 = await get(app, '/api/poops/feed', cookie);
      const url = `/api/poops/feed?cursor=${page1.json().nextCursor}`;
      const miss = await get(app, url, cookie);
      const hit = await get(app, url, cookie);
      const reference = await get(uncached, url, cookie);
      expect(miss.json().poops).toHaveLength(3);
      expect(hit.body).toBe(miss.body);
      expect(hit.body).toBe(reference.body);
      expect(headersOf(hit)).toEqual(headersOf(reference));
    }
  });

  it('is on by default with PGlite, which one process owns, and off with PostgreSQL', async () => {
    const clock = new TestClock();
    const { app, database } = await buildWithFiles({}, { clock });
    const { id } = await signInAndPost(app, { title: 'before' });
    const title = async () => (await get(app, '/api/poops/feed')).json().poops[0].title;
    expect(await title()).toBe('before');
    // A write no service made (none can reach a PGlite folder but this server's): only an uncached read sees it.
    await database.db.execute(sql`UPDATE poops SET title = 'after' WHERE id = ${id}`);
    expect(await title()).toBe(database.kind === 'pglite' ? 'before' : 'after');
  });

  it('shows a write made outside this server once the TTL has passed, and at once with FEED_CACHE=off', async () => {
    const clock = new TestClock();
    const { app, database } = await buildWithFiles({ FEED_CACHE: 'on' }, { clock });
    const uncached = await uncachedTwin(database);
    const { id } = await signInAndPost(app, { title: 'before' });
    const title = async (server: FastifyInstance) => (await get(server, '/api/poops/feed')).json().poops[0].title;
    expect(await title(app)).toBe('before');

    // As a SQL console or a second server would: this server hears nothing of it.
    await database.db.execute(sql`UPDATE poops SET title = 'after' WHERE id = ${id}`);
    expect(await title(uncached)).toBe('after');
    clock.advance(FEED_CACHE_TTL_MS - 1);
    expect(await title(app)).toBe('before');
    clock.advance(1);
    expect(await title(app)).toBe('after');
  });

  it('a write on one server drops the cached pages of another server on the same database', async () => {
    // Both servers cache (the clock never reaches the TTL): only the announcement can make the
    // second one read again. PostgreSQL delivers it through LISTEN/NOTIFY, a moment after the
    // write answered; PGlite (one process) at once.
    const clock = new TestClock();
    const { app, database } = await buildWithFiles({ FEED_CACHE: 'on' }, { clock });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-feed-second-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { app: second } = await buildOn(database, { now: clock.now, env: { FEED_CACHE: 'on', RATE_LIMIT_MAX: '0', DATA_DIR: dataDir } });
    const fan = await signIn(second);
    const author = await signInAndPost(app, { title: 'before' });
    const { id } = author;
    const first = async (server: FastifyInstance, cookie?: string) =>
      ((await get(server, '/api/poops/feed', cookie)).json().poops as FeedPoop[])[0]!;
    expect(await first(second)).toMatchObject({ id, title: 'before', likes: 0 });
    expect(await first(second, fan.cookie)).toMatchObject({ id, likedByMe: false });

    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/poops/${id}`,
      headers: { cookie: author.cookie },
      payload: { title: 'after' },
    });
    expect(edit.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await first(second)).toMatchObject({ id, title: 'after' }), { timeout: 1_000, interval: 20 });

    // And the other way round: a like on the second server shows on the first.
    expect(await first(app)).toMatchObject({ id, likes: 0 });
    const like = await second.inject({ method: 'PUT', url: `/api/poops/${id}/like`, headers: { cookie: fan.cookie } });
    expect(like.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await first(app)).toMatchObject({ id, likes: 1 }), { timeout: 1_000, interval: 20 });
    await vi.waitFor(async () => expect(await first(app, fan.cookie)).toMatchObject({ id, likedByMe: true }), {
      timeout: 1_000,
      interval: 20,
    });
  });

  it('every write that changes a feed page shows in the next read, for every viewer', async () => {
    // The clock only moves by milliseconds, far inside the TTL: whatever is fresh was invalidated.
    const clock = new TestClock();
    const adminEmail = uniqueEmail('admin');
    const { app } = await buildWithFiles({ FEED_CACHE: 'on', ADMIN_EMAILS: adminEmail }, { clock });
    const author = await signIn(app);
    const fan = await signIn(app);
    const other = await signIn(app);
    const admin = await signInVerified(app, adminEmail);
    clock.advance(1);
    const otherPost = randomUUID();
    await putPoop(app, other.cookie, otherPost, { title: 'someone else' });

    /** The first page as an anonymous visitor, the fan and the author see it (each read also fills the cache). */
    const pages = async () => {
      const read = async (cookie?: string) => (await get(app, '/api/poops/feed', cookie)).json().poops as FeedPoop[];
      return { anonymous: await read(), fan: await read(fan.cookie), author: await read(author.cookie) };
    };
    const everyone = (check: (page: FeedPoop[]) => void) => async () => {
      const seen = await pages();
      for (const page of [seen.anonymous, seen.fan, seen.author]) check(page);
      return seen;
    };
    await pages();

    // A new post.
    clock.advance(1);
    const id = randomUUID();
    expect((await putPoop(app, author.cookie, id, { title: 'new' })).statusCode).toBe(201);
    await everyone((page) => expect(page[0]).toMatchObject({ id, title: 'new' }))();

    // An edit.
    clock.advance(1);
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/poops/${id}`,
      headers: { cookie: author.cookie },
      payload: { title: 'edited' },
    });
    expect(edit.statusCode).toBe(200);
    await everyone((page) => expect(page[0]).toMatchObject({ id, title: 'edited' }))();

    // A moderator marks it verified.
    const verified = await app.inject({ method: 'POST', url: `/api/admin/poops/${id}/verified`, headers: { cookie: admin.cookie } });
    expect(verified.statusCode).toBe(200);
    await everyone((page) => expect(page[0]).toMatchObject({ id, verified: true }))();

    // A like, then an unlike: the count for everyone, likedByMe for the fan only.
    await app.inject({ method: 'PUT', url: `/api/poops/${id}/like`, headers: { cookie: fan.cookie } });
    const liked = await everyone((page) => expect(page[0]).toMatchObject({ id, likes: 1 }))();
    expect([liked.anonymous[0]!.likedByMe, liked.fan[0]!.likedByMe, liked.author[0]!.likedByMe]).toEqual([false, true, false]);
    await app.inject({ method: 'DELETE', url: `/api/poops/${id}/like`, headers: { cookie: fan.cookie } });
    await everyone((page) => expect(page[0]).toMatchObject({ id, likes: 0, likedByMe: false }))();

    // A comment, then its removal.
    const commentId = randomUUID();
    const comment = await app.inject({
      method: 'POST',
      url: `/api/poops/${id}/comments`,
      headers: { cookie: fan.cookie },
      payload: { id: commentId, text: 'nice' },
    });
    expect(comment.statusCode).toBe(201);
    await everyone((page) => expect(page[0]).toMatchObject({ id, comments: 1 }))();
    await app.inject({ method: 'DELETE', url: `/api/comments/${commentId}`, headers: { cookie: fan.cookie } });
    await everyone((page) => expect(page[0]).toMatchObject({ id, comments: 0 }))();

    // The author renames themselves, then uploads an avatar: both are copied onto their posts.
    const renamed = `Renamed${randomUUID().slice(0, 6)}`;
    const rename = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: author.cookie },
      payload: { username: renamed },
    });
    expect(rename.statusCode).toBe(200);
    await everyone((page) => expect(page[0]).toMatchObject({ id, username: renamed }))();
    const avatar = await avatarUpload(app, author.cookie);
    expect(avatar.statusCode).toBe(200);
    const photoURL = avatar.json().user.photoURL as string;
    await everyone((page) => expect(page[0]).toMatchObject({ id, userPhotoURL: photoURL }))();

    // A delete.
    clock.advance(1);
    const second = randomUUID();
    await putPoop(app, author.cookie, second, { title: 'second' });
    await pages();
    expect((await app.inject({ method: 'DELETE', url: `/api/poops/${second}`, headers: { cookie: author.cookie } })).statusCode).toBe(204);
    await everyone((page) => expect(page.map((p) => p.id)).toEqual([id, otherPost]))();

    // The author deletes their account: their posts leave every page.
    const leave = await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: author.cookie } });
    expect(leave.json().status).toBe('deleted');
    const after = await pages();
    expect(after.anonymous.map((p) => p.id)).toEqual([otherPost]);
    expect(after.fan.map((p) => p.id)).toEqual([otherPost]);
  });
});

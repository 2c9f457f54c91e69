import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FEED_PAGE_SIZE } from '../../core/constants';
import { toPoopDate } from '../../core/poop-date';
import { signIn, signInVerified } from './helpers';
import { buildWithFiles, putPoop, signInAndPost, uniqueEmail } from './poop-helpers';

describe('the feed', () => {
  it('pages 12 posts as 5, 5, 2 without duplicates while a new post arrives between pages', async () => {
    const { app } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = randomUUID();
      expect((await putPoop(app, cookie, id, { title: `post ${i}` })).statusCode).toBe(201);
      ids.push(id);
    }
    const page1 = (await app.inject({ method: 'GET', url: '/api/poops/feed' })).json();
    expect(page1.poops).toHaveLength(FEED_PAGE_SIZE);
    expect(page1.nextCursor).toEqual(expect.any(String));

    // A newer post lands between the first and the second page.
    const late = randomUUID();
    await putPoop(app, cookie, late, { title: 'late' });

    const page2 = (await app.inject({ method: 'GET', url: `/api/poops/feed?cursor=${page1.nextCursor}` })).json();
    const page3 = (await app.inject({ method: 'GET', url: `/api/poops/feed?cursor=${page2.nextCursor}` })).json();
    expect(page2.poops).toHaveLength(5);
    expect(page3.poops).toHaveLength(2);
    expect(page3.nextCursor).toBeNull();

    const seen = [...page1.poops, ...page2.poops, ...page3.poops].map((p: { id: string }) => p.id);
    expect(new Set(seen).size).toBe(12);
    expect(seen).not.toContain(late);
    expect(new Set(seen)).toEqual(new Set(ids));

    // Newest modification first, ties broken by id, both descending.
    const all = [...page1.poops, ...page2.poops, ...page3.poops];
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1], all[i]];
      const order = Date.parse(b.modifiedDate) - Date.parse(a.modifiedDate) || (b.id < a.id ? -1 : 1);
      expect(order).toBeLessThan(0);
    }

    const fresh = (await app.inject({ method: 'GET', url: '/api/poops/feed' })).json();
    expect(fresh.poops[0].id).toBe(late);
  });

  it('keeps a stable order when posts share the same modifiedDate (ties broken by id)', async () => {
    const { app, database } = await buildWithFiles();
    const { cookie } = await signIn(app);
    for (let i = 0; i < 7; i++) await putPoop(app, cookie, randomUUID());
    await database.db.execute(sql`UPDATE poops SET modified_date = '2026-01-01T00:00:00.000Z'`);
    const page1 = (await app.inject({ method: 'GET', url: '/api/poops/feed' })).json();
    const page2 = (await app.inject({ method: 'GET', url: `/api/poops/feed?cursor=${page1.nextCursor}` })).json();
    const ids = [...page1.poops, ...page2.poops].map((p: { id: string }) => p.id);
    expect(ids).toHaveLength(7);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('says likedByMe for the caller', async () => {
    const { app } = await buildWithFiles();
    const { id } = await signInAndPost(app);
    const fan = await signIn(app);
    await app.inject({ method: 'PUT', url: `/api/poops/${id}/like`, headers: { cookie: fan.cookie } });
    const mine = (await app.inject({ method: 'GET', url: '/api/poops/feed', headers: { cookie: fan.cookie } })).json();
    expect(mine.poops[0]).toMatchObject({ id, likes: 1, likedByMe: true });
    const anonymous = (await app.inject({ method: 'GET', url: '/api/poops/feed' })).json();
    expect(anonymous.poops[0]).toMatchObject({ id, likes: 1, likedByMe: false });
  });

  it('says likedByMe to each viewer of the same page read at once', async () => {
    const { app } = await buildWithFiles();
    const { id } = await signInAndPost(app);
    const fan = await signIn(app);
    const other = await signIn(app);
    await app.inject({ method: 'PUT', url: `/api/poops/${id}/like`, headers: { cookie: fan.cookie } });
    const viewers = [fan.cookie, other.cookie, undefined, fan.cookie, other.cookie];
    const pages = await Promise.all(
      viewers.map(async (cookie) =>
        (await app.inject({ method: 'GET', url: '/api/poops/feed', headers: cookie ? { cookie } : {} })).json(),
      ),
    );
    expect(pages.map((page) => page.poops[0].likedByMe)).toEqual([true, false, false, true, false]);
    expect(pages.map((page) => page.poops[0].likes)).toEqual([1, 1, 1, 1, 1]);
  });

  it('gives readers of the same page at once the same page, and a read begun after a like ended shows the like', async () => {
    const { app } = await buildWithFiles();
    const { id } = await signInAndPost(app);
    const fan = await signIn(app);
    const atOnce = await Promise.all(Array.from({ length: 6 }, () => app.inject({ method: 'GET', url: '/api/poops/feed' })));
    expect(atOnce.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(atOnce.map((res) => res.body)).size).toBe(1);
    expect(atOnce[0]!.json().poops[0]).toMatchObject({ id, likes: 0 });

    // A read of the page still running when the like ends must not answer a read begun after it.
    const earlier = app.inject({ method: 'GET', url: '/api/poops/feed' });
    expect((await app.inject({ method: 'PUT', url: `/api/poops/${id}/like`, headers: { cookie: fan.cookie } })).statusCode).toBe(200);
    const later = await app.inject({ method: 'GET', url: '/api/poops/feed' });
    expect(later.json().poops[0]).toMatchObject({ id, likes: 1 });
    expect((await earlier).statusCode).toBe(200);
  });

  it('shows a post in the feed exactly as its own page does, to its author and to anyone', async () => {
    const { app } = await buildWithFiles();
    const author = await signIn(app);
    const id = randomUUID();
    const fields = {
      title: 'Quotes " and \\ backslash, 💩 and ünïcödé',
      description: 'Tab\there, </script> & \u2028 here',
      latitude: 40.71277654321099,
      longitude: -74.0059741234568,
      placeName: 'Café "Le Pot", New York',
      showInMap: true,
      createdDate: new Date(Date.now() - 3_600_000).toISOString(),
    };
    expect((await putPoop(app, author.cookie, id, fields)).statusCode).toBe(201);
    for (const cookie of [author.cookie, undefined]) {
      const headers = cookie ? { cookie } : {};
      const own = (await app.inject({ method: 'GET', url: `/api/poops/${id}`, headers })).json().poop;
      const feed = (await app.inject({ method: 'GET', url: '/api/poops/feed', headers })).json();
      expect(feed.poops[0]).toEqual(own);
    }
    const mine = (await app.inject({ method: 'GET', url: '/api/poops/feed', headers: { cookie: author.cookie } })).json();
    const { title, description, placeName, showInMap, createdDate } = fields;
    expect(mine.poops[0]).toMatchObject({ title, description, placeName, showInMap, createdDate: toPoopDate(new Date(createdDate)) });
    expect(mine.poops[0].latitude).toBeCloseTo(fields.latitude, 9);
  });

  it.each(['nonsense', 'zzzzzzzzzzzz.00000000000000000000000000000000', `1.${'g'.repeat(32)}`])(
    'a bad cursor (%s) is a 400',
    async (cursor) => {
      const { app } = await buildWithFiles();
      const res = await app.inject({ method: 'GET', url: `/api/poops/feed?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'bad_request', message: expect.stringMatching(/page link/), reason: 'badCursor' });
    },
  );
});

describe('private and deleted posts never leak', () => {
  it('not in the feed, by id, by image URL, in the user list or in most liked', async () => {
    const { app } = await buildWithFiles();
    const owner = await signIn(app);
    const stranger = await signIn(app);
    const hidden = randomUUID();
    const removed = randomUUID();
    const visible = randomUUID();
    await putPoop(app, owner.cookie, hidden, { private: true });
    await putPoop(app, owner.cookie, removed);
    await putPoop(app, owner.cookie, visible);
    const del = await app.inject({ method: 'DELETE', url: `/api/poops/${removed}`, headers: { cookie: owner.cookie } });
    expect(del.statusCode).toBe(204);

    for (const cookie of [undefined, stranger.cookie]) {
      const headers = cookie ? { cookie } : {};
      const ids = async (url: string) => (await app.inject({ method: 'GET', url, headers })).json().poops.map((p: { id: string }) => p.id);
      expect(await ids('/api/poops/feed')).toEqual([visible]);
      expect(await ids(`/api/users/${owner.user.uid}/poops`)).toEqual([visible]);
      expect(await ids('/api/poops/most-liked')).toEqual([visible]);
      for (const id of [hidden, removed]) {
        expect((await app.inject({ method: 'GET', url: `/api/poops/${id}`, headers })).statusCode).toBe(404);
        for (const variant of ['display', 'thumb']) {
          const image = await app.inject({ method: 'GET', url: `/api/media/poops/${id}/${variant}`, headers });
          expect(image.statusCode).toBe(404);
          expect(image.headers['content-type']).toMatch(/application\/json/);
        }
        expect((await app.inject({ method: 'GET', url: `/api/poops/${id}/comments`, headers })).statusCode).toBe(404);
      }
    }

    // The owner sees the private one (not the deleted one) everywhere that is theirs.
    const own = { cookie: owner.cookie };
    const ownList = (await app.inject({ method: 'GET', url: `/api/users/${owner.user.uid}/poops`, headers: own })).json();
    expect(ownList.poops.map((p: { id: string }) => p.id).sort()).toEqual([hidden, visible].sort());
    expect((await app.inject({ method: 'GET', url: `/api/poops/${hidden}`, headers: own })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/media/poops/${hidden}/thumb`, headers: own })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/poops/${removed}`, headers: own })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/media/poops/${removed}/display`, headers: own })).statusCode).toBe(404);
  });

  it('an admin sees a private post; likes and comments on hidden posts are 404', async () => {
    const moderator = uniqueEmail('mod');
    const { app } = await buildWithFiles({ ADMIN_EMAILS: moderator });
    const { id } = await signInAndPost(app, { private: true });
    const admin = await signInVerified(app, moderator);
    const stranger = await signIn(app);
    expect((await app.inject({ method: 'GET', url: `/api/poops/${id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    const like = await app.inject({ method: 'PUT', url: `/api/poops/${id}/like`, headers: { cookie: stranger.cookie } });
    expect(like.statusCode).toBe(404);
    const comment = await app.inject({
      method: 'POST',
      url: `/api/poops/${id}/comments`,
      headers: { cookie: stranger.cookie },
      payload: { id: randomUUID(), text: 'hi' },
    });
    expect(comment.statusCode).toBe(404);
  });

  it('serves a visible image as WebP with nosniff and an immutable private cache', async () => {
    const { app } = await buildWithFiles();
    const { id } = await signInAndPost(app);
    const res = await app.inject({ method: 'GET', url: `/api/media/poops/${id}/display` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const bad = await app.inject({ method: 'GET', url: `/api/media/poops/${id}/original` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('lists', () => {
  it("a user's poops: approved only, newest first, paged", async () => {
    const { app } = await buildWithFiles();
    const { cookie, user } = await signIn(app);
    await putPoop(app, cookie, randomUUID(), { title: 'a' });
    await putPoop(app, cookie, randomUUID(), { type: 'other', title: 'pending one' });
    await putPoop(app, cookie, randomUUID(), { title: 'b' });
    const res = await app.inject({ method: 'GET', url: `/api/users/${user.uid}/poops`, headers: { cookie } });
    expect(res.json().poops.map((p: { title: string }) => p.title)).toEqual(['b', 'a']);
    expect(res.json().nextCursor).toBeNull();
  });

  it('most liked: by likes, public only', async () => {
    const { app } = await buildWithFiles();
    const a = await signInAndPost(app, { title: 'one like' });
    const b = await signInAndPost(app, { title: 'two likes' });
    const c = await signInAndPost(app, { title: 'private', private: true });
    for (const cookie of [a.cookie, b.cookie]) {
      await app.inject({ method: 'PUT', url: `/api/poops/${b.id}/like`, headers: { cookie } });
    }
    await app.inject({ method: 'PUT', url: `/api/poops/${a.id}/like`, headers: { cookie: b.cookie } });
    await app.inject({ method: 'PUT', url: `/api/poops/${c.id}/like`, headers: { cookie: c.cookie } });
    const res = (await app.inject({ method: 'GET', url: '/api/poops/most-liked' })).json();
    expect(res.poops.map((p: { title: string; likes: number }) => [p.title, p.likes])).toEqual([
      ['two likes', 2],
      ['one like', 1],
    ]);
  });
});

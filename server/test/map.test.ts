import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { MAP_COARSE_GEOHASH_PRECISION, MAP_PAGE_MAX } from '../../core/constants';
import type { MapPost } from '../../core/map-api';
import { coarsePosition } from '../../core/map-privacy';
import { signIn, signInAsGuest, signInVerified } from './helpers';
import { buildWithFiles, putPoop, uniqueEmail, type PostFields } from './poop-helpers';

// The author lives in Milan (most of their posts) and travels to Paris.
const MILAN = { latitude: 45.4642, longitude: 9.19 };
const EIFFEL = { latitude: 48.85837, longitude: 2.294481 };
const LOUVRE = { latitude: 48.86061, longitude: 2.33765 };
const BASTILLE = { latitude: 48.85321, longitude: 2.36912 };
const LYON = { latitude: 45.764, longitude: 4.8357 };
const PARIS_VIEW = { west: 2.2, south: 48.8, east: 2.45, north: 48.92 };
const MILAN_VIEW = { west: 9.1, south: 45.4, east: 9.3, north: 45.5 };

async function post(app: FastifyInstance, cookie: string, fields: PostFields): Promise<string> {
  const id = randomUUID();
  const res = await putPoop(app, cookie, id, { showInMap: true, ...fields });
  if (res.statusCode !== 201) throw new Error(`PUT /api/poops/${id}: ${res.statusCode} ${res.body}`);
  return id;
}

async function mapPage(app: FastifyInstance, view: object, cookie?: string, extra: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries({ ...view, ...extra }).map(([k, v]): [string, string] => [k, String(v)]));
  return app.inject({ method: 'GET', url: `/api/map?${query.toString()}`, headers: cookie ? { cookie } : {} });
}

async function mapPosts(app: FastifyInstance, view: object, cookie?: string): Promise<MapPost[]> {
  const res = await mapPage(app, view, cookie);
  expect(res.statusCode).toBe(200);
  return res.json().posts;
}

/** The posts of one author (the database is shared by the file's tests). */
const by = (posts: MapPost[], uid: string) =>
  posts
    .filter((p) => p.uid === uid)
    .map((p) => p.id)
    .sort();

/** An author with a home in Milan, one post of each kind in Paris, one in Lyon. */
async function world() {
  const { app } = await buildWithFiles();
  const author = await signIn(app);
  // More posts at home than in Paris, where the hidden ones count too (the rule counts every located post).
  const home: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    home.push(await post(app, author.cookie, { latitude: MILAN.latitude + i * 0.001, longitude: MILAN.longitude }));
  }
  const eiffel = await post(app, author.cookie, EIFFEL);
  const louvre = await post(app, author.cookie, LOUVRE);
  const hidden = {
    private: await post(app, author.cookie, { ...BASTILLE, private: true }),
    pending: await post(app, author.cookie, { ...BASTILLE, type: 'Other' }),
    offMap: await post(app, author.cookie, { ...BASTILLE, showInMap: false }),
    deleted: await post(app, author.cookie, BASTILLE),
    noPlace: await post(app, author.cookie, {}),
  };
  const del = await app.inject({ method: 'DELETE', url: `/api/poops/${hidden.deleted}`, headers: { cookie: author.cookie } });
  expect(del.statusCode).toBe(204);
  const lyon = await post(app, author.cookie, LYON);
  const viewer = await signIn(app);
  return { app, author, viewer, home, eiffel, louvre, hidden, lyon };
}

describe('GET /api/map', () => {
  it('answers only the eligible posts inside the viewport: never private, pending, deleted or off-map ones', async () => {
    const { app, author, viewer, eiffel, louvre } = await world();
    expect(by(await mapPosts(app, PARIS_VIEW, viewer.cookie), author.user.uid)).toEqual([eiffel, louvre].sort());
    // The author sees the same posts in Paris (their private or pending ones are not on the map either).
    expect(by(await mapPosts(app, PARIS_VIEW, author.cookie), author.user.uid)).toEqual([eiffel, louvre].sort());
  });

  it('shows others the ~1 km cell centre, and the author the exact position', async () => {
    const { app, author, viewer, eiffel } = await world();
    const theirs = (await mapPosts(app, PARIS_VIEW, viewer.cookie)).find((p) => p.id === eiffel)!;
    const cell = coarsePosition(ngeohash.encode(EIFFEL.latitude, EIFFEL.longitude, 10));
    expect(theirs).toMatchObject({ ...cell, exact: false });
    expect(theirs.geohash).toHaveLength(MAP_COARSE_GEOHASH_PRECISION);
    expect(theirs.latitude).not.toBe(EIFFEL.latitude);
    const mine = (await mapPosts(app, PARIS_VIEW, author.cookie)).find((p) => p.id === eiffel)!;
    expect(mine).toMatchObject({ ...EIFFEL, exact: true });
    expect(mine.geohash).toHaveLength(10);
  });

  it("leaves the author's home area off everyone else's map", async () => {
    const { app, author, viewer, home } = await world();
    expect(by(await mapPosts(app, MILAN_VIEW, viewer.cookie), author.user.uid)).toEqual([]);
    expect(by(await mapPosts(app, MILAN_VIEW, author.cookie), author.user.uid)).toEqual([...home].sort());
  });

  it('needs a session (a guest is enough), and tells nothing without one', async () => {
    const { app, author } = await world();
    const guest = await signInAsGuest(app);
    expect(by(await mapPosts(app, PARIS_VIEW, guest.cookie), author.user.uid)).toHaveLength(2);
    for (const url of ['/api/map?west=2.2&south=48.8&east=2.45&north=48.92', '/api/map/places']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain(author.user.uid);
    }
  });

  it('covers the whole world, across the antimeridian', async () => {
    const { app, author, viewer, eiffel, louvre, lyon } = await world();
    const everything = by(await mapPosts(app, { west: -540, south: -90, east: 540, north: 90 }, viewer.cookie), author.user.uid);
    expect(everything).toEqual([eiffel, louvre, lyon].sort());
    // A viewport from 170°E across the antimeridian to 10°E covers Europe.
    const wrapped = by(await mapPosts(app, { west: 170, south: 40, east: 10, north: 50 }, viewer.cookie), author.user.uid);
    expect(wrapped).toEqual([eiffel, louvre, lyon].sort());
  });

  it('pages with a cursor holding only the coarse cell, and bounds the page size', async () => {
    const { app, author, viewer, eiffel, louvre, lyon } = await world();
    const seen: MapPost[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const res = await mapPage(app, { west: -180, south: -90, east: 180, north: 90 }, viewer.cookie, {
        limit: 1,
        ...(cursor ? { cursor } : {}),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.posts.length).toBeLessThanOrEqual(1);
      seen.push(...body.posts);
      if (!body.nextCursor) break;
      expect(body.nextCursor.split('.')[0].length).toBeLessThanOrEqual(MAP_COARSE_GEOHASH_PRECISION);
      cursor = body.nextCursor;
    }
    expect(by(seen, author.user.uid)).toEqual([eiffel, louvre, lyon].sort());
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);

    for (const bad of [{ limit: MAP_PAGE_MAX + 1 }, { limit: 0 }, { cursor: 'u09tun.nothex' }, { north: 91 }, { west: 'Paris' }]) {
      const res = await mapPage(app, { ...PARIS_VIEW, ...bad }, viewer.cookie);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('bad_request');
    }
    const missing = await app.inject({ method: 'GET', url: '/api/map?west=1&south=1&east=2', headers: { cookie: viewer.cookie } });
    expect(missing.statusCode).toBe(400);
  });
});

describe("no route carries another user's exact coordinates", () => {
  it('the feed, a post, a profile, most liked and the map: exact only for the author', async () => {
    const adminEmail = uniqueEmail('map-admin');
    const { app } = await buildWithFiles({ ADMIN_EMAILS: adminEmail });
    const author = await signIn(app);
    const exact = { latitude: 48.8583701, longitude: 2.2944813 };
    await post(app, author.cookie, { ...MILAN, private: true }); // home elsewhere, so the post is on the map
    await post(app, author.cookie, { ...MILAN, private: true });
    const id = await post(app, author.cookie, { ...exact, placeName: 'Champ de Mars' });
    const fullGeohash = ngeohash.encode(exact.latitude, exact.longitude, 10);
    const viewer = await signIn(app);
    const admin = await signInVerified(app, adminEmail);
    expect(admin.user.admin).toBe(true);
    const urls = [
      '/api/poops/feed',
      `/api/poops/${id}`,
      `/api/users/${author.user.uid}/poops`,
      '/api/poops/most-liked',
      `/api/map?west=-180&south=-90&east=180&north=90`,
      `/api/map?west=2.2&south=48.8&east=2.4&north=48.9`,
    ];
    for (const cookie of [viewer.cookie, admin.cookie, undefined]) {
      // The map needs a session; the rest is public.
      for (const url of cookie === undefined ? urls.filter((u) => !u.startsWith('/api/map')) : urls) {
        const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(id);
        expect(res.body, url).not.toContain(String(exact.latitude));
        expect(res.body, url).not.toContain(String(exact.longitude));
        expect(res.body, url).not.toContain(fullGeohash.slice(0, MAP_COARSE_GEOHASH_PRECISION + 1));
      }
    }
    const mine = await app.inject({ method: 'GET', url: `/api/poops/${id}`, headers: { cookie: author.cookie } });
    expect(mine.json().poop).toMatchObject({ ...exact, geohash: fullGeohash });
  });
});

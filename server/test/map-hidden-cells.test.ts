import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { MAP_COARSE_GEOHASH_PRECISION, MAP_HOME_GEOHASH_PRECISION } from '../../core/constants';
import type { MapPost, OwnMapPlacesResponse } from '../../core/map-api';
import { signIn, signInAsGuest, signInVerified } from './helpers';
import { buildWithFiles, putPoop, uniqueEmail, type PostFields } from './poop-helpers';

// Issue 39: once a ~5 km cell has been a user's home area it stays hidden from others for good,
// and nothing derived from a hidden post reaches anyone else: items, cursors, place names.

interface Place {
  latitude: number;
  longitude: number;
}
const MILAN: Place = { latitude: 45.4642, longitude: 9.19 };
const ROME: Place = { latitude: 41.9028, longitude: 12.4964 };
const TURIN: Place = { latitude: 45.0703, longitude: 7.6869 };
const FLORENCE: Place = { latitude: 43.7696, longitude: 11.2558 };
const NAPLES: Place = { latitude: 40.8518, longitude: 14.2681 };
const WORLD = { west: -180, south: -90, east: 180, north: 90 };

const cell6 = (place: Place) => ngeohash.encode(place.latitude, place.longitude, 10).slice(0, MAP_COARSE_GEOHASH_PRECISION);
const cell5 = (place: Place) => ngeohash.encode(place.latitude, place.longitude, 10).slice(0, MAP_HOME_GEOHASH_PRECISION);

async function post(app: FastifyInstance, cookie: string, fields: PostFields): Promise<string> {
  const id = randomUUID();
  const res = await putPoop(app, cookie, id, { showInMap: true, ...fields });
  if (res.statusCode !== 201) throw new Error(`PUT /api/poops/${id}: ${res.statusCode} ${res.body}`);
  return id;
}

async function mapPage(app: FastifyInstance, view: object, cookie: string, extra: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries({ ...view, ...extra }).map(([k, v]): [string, string] => [k, String(v)]));
  return app.inject({ method: 'GET', url: `/api/map?${query.toString()}`, headers: { cookie } });
}

/** Every page of a viewport with `limit`, following each cursor (at most 200 pages): the answers' bodies and posts. */
async function pageThrough(app: FastifyInstance, view: object, cookie: string, limit: number) {
  const bodies: string[] = [];
  const posts: MapPost[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 200; page += 1) {
    const res = await mapPage(app, view, cookie, { limit, ...(cursor ? { cursor } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    bodies.push(res.body);
    const body = res.json<{ posts: MapPost[]; nextCursor: string | null }>();
    posts.push(...body.posts);
    if (body.nextCursor === null) return { bodies, posts, complete: true };
    cursor = body.nextCursor;
  }
  return { bodies, posts, complete: false };
}

const ownPlaces = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/map/places', headers: { cookie } })).json<OwnMapPlacesResponse>();

/** `place` moved by `dLat` degrees north: several posts of one home, a few hundred metres apart. */
const near = (place: Place, dLat: number): Place => ({ latitude: place.latitude + dLat, longitude: place.longitude });

describe('hidden cells', () => {
  it('paging every cursor with limit=1, from the whole world down to 0.0001°, never reaches a hidden post', async () => {
    const { app } = await buildWithFiles();
    // A: two posts at home, then two at a hotel (the hotel ties and is hidden too; home stays hidden).
    const a = await signIn(app);
    const aHome = [await post(app, a.cookie, MILAN), await post(app, a.cookie, near(MILAN, 0.0005))];
    const aHotel = [await post(app, a.cookie, ROME), await post(app, a.cookie, near(ROME, 0.0005))];
    // B: two public posts at home, then two private ones elsewhere.
    const b = await signIn(app);
    const bHome = [await post(app, b.cookie, TURIN), await post(app, b.cookie, near(TURIN, 0.0005))];
    await post(app, b.cookie, { ...FLORENCE, private: true });
    await post(app, b.cookie, { ...near(FLORENCE, 0.0005), private: true });
    // N lives in Naples (three posts there) and posts twice right next to A's home, once next to B's:
    // visible posts around the hidden ones, before and after them in the map's order.
    const n = await signIn(app);
    for (const dLat of [0, 0.0005, 0.001]) await post(app, n.cookie, near(NAPLES, dLat));
    const beside = (place: Place, direction: [number, number]): Place => {
      const { latitude, longitude } = ngeohash.decode(ngeohash.neighbor(cell6(place), direction));
      return { latitude, longitude };
    };
    const nVisible = [
      await post(app, n.cookie, beside(MILAN, [1, 0])),
      await post(app, n.cookie, beside(MILAN, [-1, 0])),
      await post(app, n.cookie, beside(TURIN, [0, 1])),
    ];

    const hiddenIds = [...aHome, ...aHotel, ...bHome];
    const hiddenCells = [MILAN, near(MILAN, 0.0005), ROME, near(ROME, 0.0005), TURIN, near(TURIN, 0.0005)].map(cell6);
    const hiddenAuthors = [a.user.uid, b.user.uid, a.user.username, b.user.username];
    // The neighbours' markers are in other ~1 km cells than the hidden posts (else the test proves nothing).
    for (const place of [beside(MILAN, [1, 0]), beside(MILAN, [-1, 0]), beside(TURIN, [0, 1])]) {
      expect(hiddenCells).not.toContain(cell6(place));
    }

    const stranger = await signIn(app);
    const guest = await signInAsGuest(app);
    const sizes = [0, 10, 1, 0.1, 0.01, 0.001, 0.0001]; // 0: the whole world
    const centres = [MILAN, near(MILAN, 0.00025), ROME, TURIN, beside(MILAN, [1, 0])];
    for (const viewer of [stranger, guest]) {
      const seen = new Set<string>();
      for (const centre of centres) {
        for (const size of sizes) {
          const view =
            size === 0
              ? WORLD
              : {
                  west: centre.longitude - size / 2,
                  south: centre.latitude - size / 2,
                  east: centre.longitude + size / 2,
                  north: centre.latitude + size / 2,
                };
          const { bodies, posts, complete } = await pageThrough(app, view, viewer.cookie, 1);
          expect(complete).toBe(true);
          for (const body of bodies) {
            for (const secret of [...hiddenIds, ...hiddenIds.map((id) => id.replace(/-/g, '')), ...hiddenCells, ...hiddenAuthors]) {
              expect(body, `${JSON.stringify(view)} ${secret}`).not.toContain(secret);
            }
          }
          for (const p of posts) seen.add(p.id);
        }
      }
      // The pages did list the visible posts around the hidden ones.
      expect(nVisible.filter((id) => seen.has(id)).sort()).toEqual([...nVisible].sort());
    }
    // The authors still see their own posts where they made them.
    const mine = await pageThrough(app, { west: 9.1, south: 45.4, east: 9.3, north: 45.5 }, a.cookie, 1);
    expect(
      mine.posts
        .filter((p) => p.uid === a.user.uid)
        .map((p) => p.id)
        .sort(),
    ).toEqual([...aHome].sort());
  });

  it('the hotel sequence: two posts at home, then at a hotel, keep every home post hidden for good', async () => {
    const { app } = await buildWithFiles();
    const author = await signIn(app);
    const stranger = await signIn(app);
    const home = [await post(app, author.cookie, MILAN), await post(app, author.cookie, near(MILAN, 0.0005))];
    for (let i = 0; i < 4; i += 1) await post(app, author.cookie, near(ROME, i * 0.0005)); // the hotel overtakes home
    const milanView = { west: 9.1, south: 45.4, east: 9.3, north: 45.5 };
    const theirs = (await pageThrough(app, milanView, stranger.cookie, 50)).posts;
    expect(theirs.filter((p) => home.includes(p.id))).toEqual([]);
    const places = await ownPlaces(app, author.cookie);
    expect(places.hiddenCells).toEqual(expect.arrayContaining([cell5(MILAN), cell5(ROME)]));
    expect(places.postsByCell).toEqual(expect.arrayContaining([{ cell: cell5(MILAN), posts: 2 }]));
    // A post made later in the home cell is hidden too.
    const later = await post(app, author.cookie, near(MILAN, 0.001));
    expect((await pageThrough(app, milanView, stranger.cookie, 50)).posts.map((p) => p.id)).not.toContain(later);
  });

  it('the private-post sequence: private posts elsewhere count, and never reveal the home', async () => {
    const { app } = await buildWithFiles();
    const author = await signIn(app);
    const stranger = await signIn(app);
    const home = [await post(app, author.cookie, TURIN), await post(app, author.cookie, near(TURIN, 0.0005))];
    for (let i = 0; i < 3; i += 1) await post(app, author.cookie, { ...near(FLORENCE, i * 0.0005), private: true });
    const turinView = { west: 7.6, south: 45.0, east: 7.8, north: 45.1 };
    const theirs = (await pageThrough(app, turinView, stranger.cookie, 50)).posts;
    expect(theirs.filter((p) => home.includes(p.id))).toEqual([]);
    // A public post in the private posts' cell, now the home area, is hidden as well.
    const florence = await post(app, author.cookie, near(FLORENCE, 0.002));
    const florenceView = { west: 11.2, south: 43.7, east: 11.3, north: 43.8 };
    expect((await pageThrough(app, florenceView, stranger.cookie, 50)).posts.map((p) => p.id)).not.toContain(florence);
  });

  it('a post in a hidden cell names no place to anyone but its author', async () => {
    const adminEmail = uniqueEmail('hidden-admin');
    const { app } = await buildWithFiles({ ADMIN_EMAILS: adminEmail });
    const author = await signIn(app);
    const homePost = await post(app, author.cookie, { ...MILAN, placeName: 'Milan, Italy' });
    await post(app, author.cookie, { ...near(MILAN, 0.0005), placeName: 'Milan, Italy' });
    const away = await post(app, author.cookie, { ...ROME, placeName: 'Rome, Italy' });
    const stranger = await signIn(app);
    const admin = await signInVerified(app, adminEmail);
    for (const cookie of [stranger.cookie, admin.cookie, undefined]) {
      for (const url of [`/api/poops/${homePost}`, `/api/users/${author.user.uid}/poops`, '/api/poops/feed']) {
        const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(homePost);
        expect(res.body, url).not.toContain('Milan');
      }
      const res = await app.inject({ method: 'GET', url: `/api/poops/${away}`, headers: cookie ? { cookie } : {} });
      expect(res.json().poop.placeName).toBe('Rome, Italy');
    }
    const mine = await app.inject({ method: 'GET', url: `/api/poops/${homePost}`, headers: { cookie: author.cookie } });
    expect(mine.json().poop.placeName).toBe('Milan, Italy');
  });
});

import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST, routeRequest, USER_WRITE_METHODS } from './routing';

const ORIGIN = 'https://plop.example';
const at = (path: string, origin = ORIGIN) => new URL(path, origin);

describe('routeRequest', () => {
  it.each(['/api/config', '/api/me'])('answers GET %s network-first (cached for offline)', (path) => {
    expect(routeRequest('GET', at(path), ORIGIN)).toEqual({ kind: 'network-first' });
    expect(routeRequest('get', at(`${path}?x=1`), ORIGIN)).toEqual({ kind: 'network-first' });
  });

  it('keeps only config and the user record in the start-up cache, not their neighbours', () => {
    // Paths that start like them, or under them, are screens' reads or nothing, never the start-up cache.
    expect(routeRequest('GET', at('/api/me/stats'), ORIGIN)).toEqual({ kind: 'api-read' });
    for (const path of ['/api/configs', '/api/config/x', '/api/mem', '/api/vitals', '/api/me/avatar']) {
      expect(routeRequest('GET', at(path), ORIGIN), path).not.toEqual({ kind: 'network-first' });
    }
  });

  it.each([
    '/api/poops/feed',
    '/api/poops/feed?cursor=abc',
    '/api/poops/0b7c9a52-6d3e-4f1a-9c1b-2f2d8e7a1c00',
    '/api/poops/0b7c9a52-6d3e-4f1a-9c1b-2f2d8e7a1c00/comments',
    '/api/poops/most-liked',
    '/api/users/u1',
    '/api/users/u1/poops',
    '/api/users/u1/followers',
    '/api/users/search?q=al',
    '/api/notifications',
    '/api/notifications/unread-count',
    '/api/leaderboards',
    '/api/me/activity',
    '/api/me/stats',
  ])('keeps the screen read GET %s for reading offline (network-first)', (path) => {
    expect(routeRequest('GET', at(path), ORIGIN)).toEqual({ kind: 'api-read' });
  });

  it('never keeps sessions, health, push keys, geocoding or data exports', () => {
    for (const path of [
      '/api/session',
      '/api/health',
      '/api/push/public-key',
      '/api/geocode?lat=1&lng=2',
      '/api/docs',
      '/api/me/avatar',
      '/api/me/exports',
      '/api/me/exports/00000000-0000-4000-8000-000000000001/download',
    ]) {
      expect(routeRequest('GET', at(path), ORIGIN)).toEqual({ kind: 'passthrough' });
    }
  });

  it('answers post photos and avatars from the images cache', () => {
    expect(routeRequest('GET', at('/api/media/poops/p1/thumb'), ORIGIN)).toEqual({ kind: 'image' });
    expect(routeRequest('GET', at('/api/media/users/u1/avatar?v=3'), ORIGIN, 'image')).toEqual({ kind: 'image' });
    expect(routeRequest('GET', at('/uploads/a.webp'), ORIGIN, 'image')).toEqual({ kind: 'image' });
    // The app's own SVG icons are precached; a non-image request of a page path is not an image.
    expect(routeRequest('GET', at('/icon.svg'), ORIGIN, 'image')).toEqual({ kind: 'passthrough' });
    expect(routeRequest('GET', at('/uploads/a.webp'), ORIGIN)).toEqual({ kind: 'passthrough' });
  });

  it('never caches a write to a read path', () => {
    for (const method of ['PUT', 'POST', 'DELETE', 'PATCH']) {
      expect(routeRequest(method, at('/api/poops/p1/like'), ORIGIN)).toEqual({ kind: 'passthrough' });
      expect(routeRequest(method, at('/api/media/poops/p1/thumb'), ORIGIN)).toEqual({ kind: 'passthrough' });
    }
  });

  it.each([
    ['POST', '/api/session', 'store-me'],
    ['PATCH', '/api/me', 'store-me'],
    ['PUT', '/api/me/avatar', 'store-me'],
    ['DELETE', '/api/session', 'drop-me'],
    ['DELETE', '/api/me', 'drop-me'],
  ] as const)('%s %s updates the cached user record (%s)', (method, path, effect) => {
    expect(routeRequest(method, at(path), ORIGIN)).toEqual({ kind: 'user-write', effect });
    expect(USER_WRITE_METHODS).toContain(method);
  });

  it('leaves other writes alone', () => {
    expect(routeRequest('PUT', at('/api/me'), ORIGIN)).toEqual({ kind: 'passthrough' });
    expect(routeRequest('DELETE', at('/api/me/avatar'), ORIGIN)).toEqual({ kind: 'passthrough' });
    expect(routeRequest('POST', at('/api/poops/x/comments'), ORIGIN)).toEqual({ kind: 'passthrough' });
    expect(routeRequest('POST', at('/api/config'), ORIGIN)).toEqual({ kind: 'passthrough' });
  });

  it('never touches another origin, even on the same paths', () => {
    const elsewhere = 'https://evil.example';
    expect(routeRequest('GET', at('/api/me', elsewhere), ORIGIN)).toEqual({ kind: 'passthrough' });
    expect(routeRequest('POST', at('/api/session', elsewhere), ORIGIN)).toEqual({ kind: 'passthrough' });
    expect(routeRequest('GET', at('/api/config', 'http://plop.example'), ORIGIN)).toEqual({ kind: 'passthrough' });
    expect(routeRequest('GET', at('/api/poops/feed', elsewhere), ORIGIN)).toEqual({ kind: 'passthrough' });
    expect(routeRequest('GET', at('/api/media/poops/p1/thumb', elsewhere), ORIGIN, 'image')).toEqual({ kind: 'passthrough' });
  });
});

describe('remote map style files', () => {
  const tiles = 'https://tiles.example';
  it('caches the files the map marked: tiles, glyphs and sprite images first from the cache, the style network-first', () => {
    for (const resource of ['Tile', 'Glyphs', 'SpriteImage']) {
      expect(routeRequest('GET', at(`/planet/3/4/2.pbf?plop-map=${resource}`, tiles), ORIGIN)).toEqual({ kind: 'map-tile' });
    }
    for (const resource of ['Style', 'Source', 'SpriteJSON']) {
      expect(routeRequest('GET', at(`/styles/liberty?plop-map=${resource}`, tiles), ORIGIN)).toEqual({ kind: 'map-style' });
    }
  });

  it('leaves unmarked requests to other origins, and writes, alone', () => {
    expect(routeRequest('GET', at('/planet/3/4/2.pbf', tiles), ORIGIN)).toEqual({ kind: 'passthrough' });
    expect(routeRequest('POST', at('/planet/3/4/2.pbf?plop-map=Tile', tiles), ORIGIN)).toEqual({ kind: 'passthrough' });
  });

  it('keeps the map query for reading offline', () => {
    expect(routeRequest('GET', at('/api/map?west=1&south=2&east=3&north=4'), ORIGIN)).toEqual({ kind: 'api-read' });
  });
});

/** Whether a page navigation is answered with the precached index.html (precache.ts's NavigationRoute denylist). */
const servesAppShell = (pathname: string) => !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname));

describe('navigations answered with the app shell', () => {
  it('answers page navigations with the app shell', () => {
    for (const path of ['/', '/root', '/poop/123', '/user/alice', '/apiary']) expect(servesAppShell(path)).toBe(true);
  });

  it('never answers the API with index.html', () => {
    for (const path of ['/api/', '/api/me', '/api/docs']) expect(servesAppShell(path)).toBe(false);
  });
});

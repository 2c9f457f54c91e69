import { describe, expect, it } from 'vitest';
import { CACHED_API_PATHS, routeRequest, servesAppShell, USER_WRITE_METHODS } from './routing';

const ORIGIN = 'https://plop.example';
const at = (path: string, origin = ORIGIN) => new URL(path, origin);

describe('routeRequest', () => {
  it.each(['/api/config', '/api/me'])('answers GET %s network-first (cached for offline)', (path) => {
    expect(routeRequest('GET', at(path), ORIGIN)).toEqual({ kind: 'network-first' });
    expect(routeRequest('get', at(`${path}?x=1`), ORIGIN)).toEqual({ kind: 'network-first' });
  });

  it('caches nothing else of the API', () => {
    for (const path of ['/api/poops/feed', '/api/me/activity', '/api/notifications/unread-count', '/api/health', '/api/me/']) {
      expect(routeRequest('GET', at(path), ORIGIN)).toEqual({ kind: 'passthrough' });
    }
    expect(CACHED_API_PATHS.size).toBe(2);
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
  });
});

describe('servesAppShell', () => {
  it('answers page navigations with the app shell', () => {
    for (const path of ['/', '/root', '/poop/123', '/user/alice', '/apiary']) expect(servesAppShell(path)).toBe(true);
  });

  it('never answers the API with index.html', () => {
    for (const path of ['/api/', '/api/me', '/api/docs']) expect(servesAppShell(path)).toBe(false);
  });
});

import type { RouteHandlerCallback } from 'workbox-core/types.js';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { API_CACHE_NAME, API_READS_CACHE_NAME, IMAGES_CACHE_NAME } from '../core/offline-caches';
import { sw } from './sw-scope';

/** Cache of the API answers the app needs to start offline. */
export { API_CACHE_NAME };
/** Paths answered network-first, from the cache when the network is down or slow. */
export const CACHED_API_PATHS: ReadonlySet<string> = new Set(['/api/config', '/api/me']);
/** After this long without an answer, a cached copy is better than waiting. */
export const API_NETWORK_TIMEOUT_SECONDS = 3;

/**
 * API reads the screens show (feed pages, posts, comments, users, notifications): answered
 * from the network, or from the copy saved on the last visit when the network is down, so an
 * offline reload shows what the user recently saw. Network-first rather than
 * stale-while-revalidate: online, a reload right after a write must show it.
 */
const READ_PREFIXES = ['/api/poops', '/api/comments', '/api/users', '/api/notifications', '/api/leaderboards', '/api/me/'];
/** Never cached: sessions, geocoding, health, and the media handled by the image cache. */
const UNCACHED_PREFIXES = ['/api/session', '/api/geocode', '/api/health', '/api/media'];
/** Images (post photos, avatars): cache-first, capped in count and age. */
export const IMAGE_CACHE_MAX_ENTRIES = 300;
export const IMAGE_CACHE_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

const ME_PATH = '/api/me';
const SESSION_PATH = '/api/session';

const isSameOrigin = (url: URL): boolean => url.origin === sw.location.origin;

/**
 * POST /api/session, PATCH /api/me and PUT /api/me/avatar answer `{ user }`, the same body as
 * GET /api/me: keep it as the cached /api/me so the user record (dark mode, premium, settings)
 * is there offline after any sign-in or change. DELETE /api/session (sign-out) and DELETE
 * /api/me (account deleted) drop it, so the device keeps no one's record.
 */
const userWriteHandler: RouteHandlerCallback = async ({ request }) => {
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(API_CACHE_NAME);
    if (request.method === 'DELETE') await cache.delete(ME_PATH);
    else await cache.put(ME_PATH, response.clone());
  }
  return response;
};

export function setupRuntimeCache(): void {
  registerRoute(
    ({ url, request }) =>
      isSameOrigin(url) &&
      request.method === 'GET' &&
      (url.pathname.startsWith('/api/media/') || (request.destination === 'image' && !url.pathname.startsWith('/api/'))) &&
      !url.pathname.endsWith('.svg'),
    new CacheFirst({
      cacheName: IMAGES_CACHE_NAME,
      plugins: [new ExpirationPlugin({ maxEntries: IMAGE_CACHE_MAX_ENTRIES, maxAgeSeconds: IMAGE_CACHE_MAX_AGE_SECONDS, purgeOnQuotaError: true })],
    }),
  );
  registerRoute(
    ({ url, request }) =>
      isSameOrigin(url) &&
      request.method === 'GET' &&
      !CACHED_API_PATHS.has(url.pathname) &&
      !UNCACHED_PREFIXES.some((prefix) => url.pathname.startsWith(prefix)) &&
      READ_PREFIXES.some((prefix) => url.pathname.startsWith(prefix)),
    new NetworkFirst({ cacheName: API_READS_CACHE_NAME, networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS }),
  );
  registerRoute(
    ({ url, request }) => isSameOrigin(url) && request.method === 'GET' && CACHED_API_PATHS.has(url.pathname),
    new NetworkFirst({ cacheName: API_CACHE_NAME, networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS }),
  );
  const isSession = ({ url }: { url: URL }) => isSameOrigin(url) && url.pathname === SESSION_PATH;
  const isMe = ({ url }: { url: URL }) => isSameOrigin(url) && url.pathname === ME_PATH;
  const isAvatar = ({ url }: { url: URL }) => isSameOrigin(url) && url.pathname === `${ME_PATH}/avatar`;
  registerRoute(isSession, userWriteHandler, 'POST');
  registerRoute(isSession, userWriteHandler, 'DELETE');
  registerRoute(isMe, userWriteHandler, 'PATCH');
  registerRoute(isMe, userWriteHandler, 'DELETE');
  registerRoute(isAvatar, userWriteHandler, 'PUT');
}

import type { RouteHandlerCallback } from 'workbox-core/types.js';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE_NAME,
  API_NETWORK_TIMEOUT_SECONDS,
  API_READS_CACHE_NAME,
  IMAGE_CACHE_MAX_AGE_SECONDS,
  IMAGE_CACHE_MAX_ENTRIES,
  IMAGES_CACHE_NAME,
  ME_PATH,
  routeRequest,
  USER_WRITE_METHODS,
  type SwRoute,
} from './routing';
import { MAP_TILE_CACHE_MAX_AGE_SECONDS, MAP_TILE_CACHE_MAX_ENTRIES, MAP_TILES_CACHE_NAME } from '../core/offline-caches';
import { sw } from './sw-scope';

const route = (request: Request, url: URL) => routeRequest(request.method, url, sw.location.origin, request.destination);
const is =
  (kind: SwRoute['kind']) =>
  ({ url, request }: { url: URL; request: Request }) =>
    route(request, url).kind === kind;

/**
 * POST /api/session, PATCH /api/me and PUT /api/me/avatar answer `{ user }`, the same body as
 * GET /api/me: keep it as the cached /api/me so the user record (dark mode, premium, settings)
 * is there offline after any sign-in or change. DELETE /api/session (sign-out) and DELETE
 * /api/me (account deleted) drop it, so the device keeps no one's record (see `routing.ts`).
 */
const userWriteHandler: RouteHandlerCallback = async ({ request, url }) => {
  const response = await fetch(request);
  const decision = route(request, url);
  if (response.ok && decision.kind === 'user-write') {
    const cache = await caches.open(API_CACHE_NAME);
    if (decision.effect === 'drop-me') await cache.delete(ME_PATH);
    else await cache.put(ME_PATH, response.clone());
  }
  return response;
};

export function setupRuntimeCache(): void {
  registerRoute(is('network-first'), new NetworkFirst({ cacheName: API_CACHE_NAME, networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS }));
  // What the screens read, kept for an offline reload (sign-out deletes it: core/offline-caches.ts).
  registerRoute(is('api-read'), new NetworkFirst({ cacheName: API_READS_CACHE_NAME, networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS }));
  registerRoute(
    is('image'),
    new CacheFirst({
      cacheName: IMAGES_CACHE_NAME,
      plugins: [
        new ExpirationPlugin({ maxEntries: IMAGE_CACHE_MAX_ENTRIES, maxAgeSeconds: IMAGE_CACHE_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
      ],
    }),
  );
  // A remote map style's files (MAP_STYLE_URL): what the user has seen renders offline, within a cap.
  const mapCache = {
    cacheName: MAP_TILES_CACHE_NAME,
    plugins: [
      new ExpirationPlugin({
        maxEntries: MAP_TILE_CACHE_MAX_ENTRIES,
        maxAgeSeconds: MAP_TILE_CACHE_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  };
  registerRoute(is('map-tile'), new CacheFirst(mapCache));
  registerRoute(is('map-style'), new NetworkFirst({ ...mapCache, networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS }));
  for (const method of USER_WRITE_METHODS) registerRoute(is('user-write'), userWriteHandler, method);
}

/**
 * The worker's routing decisions as pure functions (no `self`, no Cache API), so they are unit
 * tested beside this file; `runtime-cache.ts` and `precache.ts` register workbox routes with them.
 */

import { API_CACHE_NAME, API_READS_CACHE_NAME, IMAGES_CACHE_NAME, MAP_RESOURCE_PARAM } from '../core/offline-caches';

/** Cache of the API answers the app needs to start offline; the reads and images caches (core/offline-caches.ts). */
export { API_CACHE_NAME, API_READS_CACHE_NAME, IMAGES_CACHE_NAME };
/** Paths answered network-first, from the cache when the network is down or slow. */
export const CACHED_API_PATHS: ReadonlySet<string> = new Set(['/api/config', '/api/me']);
/** After this long without an answer, a cached copy is better than waiting. */
export const API_NETWORK_TIMEOUT_SECONDS = 3;
/**
 * API reads the screens show (feed pages, posts, comments, users, follow lists, leaderboards,
 * notifications, the user's activity and stats): answered from the network, or from the copy
 * saved on the last visit when the network is down, so an offline reload shows what the user
 * recently saw. Network-first rather than stale-while-revalidate: online, a reload right after
 * a write must show it.
 */
export const API_READ_PREFIXES: readonly string[] = [
  '/api/poops/',
  '/api/comments/',
  '/api/users/',
  '/api/notifications',
  '/api/leaderboards',
  '/api/me/',
  '/api/map',
];
/** Never kept for reading offline: sessions, geocoding, health, push keys, media (the images cache), data exports. */
const UNCACHED_API_PREFIXES: readonly string[] = [
  '/api/session',
  '/api/geocode',
  '/api/health',
  '/api/push',
  '/api/media/',
  '/api/me/avatar',
  // "Download my data" (issue 43): the archive is never copied into a cache, and its state is always fresh.
  '/api/me/exports',
];
/** Post photos, served by the API. */
const MEDIA_PREFIX = '/api/media/';
/** Images (post photos, avatars): cache-first, capped in count and age. */
export const IMAGE_CACHE_MAX_ENTRIES = 300;
export const IMAGE_CACHE_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

/** Not pages: API calls must reach the network (or the runtime cache), never index.html. */
export const NAVIGATION_DENYLIST = [/^\/api\//];

export const ME_PATH = '/api/me';
const SESSION_PATH = '/api/session';
const AVATAR_PATH = `${ME_PATH}/avatar`;

/** The requests whose answer is the user record (`{ user }`), by method and path. */
type WriteMethod = 'POST' | 'DELETE' | 'PATCH' | 'PUT';
const USER_WRITES: ReadonlyArray<{ method: WriteMethod; path: string; effect: UserWriteEffect }> = [
  { method: 'POST', path: SESSION_PATH, effect: 'store-me' },
  { method: 'DELETE', path: SESSION_PATH, effect: 'drop-me' },
  { method: 'PATCH', path: ME_PATH, effect: 'store-me' },
  { method: 'DELETE', path: ME_PATH, effect: 'drop-me' },
  { method: 'PUT', path: AVATAR_PATH, effect: 'store-me' },
];
/** The methods a user write may have (workbox registers a route per method). */
export const USER_WRITE_METHODS: readonly WriteMethod[] = [...new Set(USER_WRITES.map((w) => w.method))];

/**
 * `store-me`: a successful answer is kept as the cached GET /api/me (same body), so the user
 * record is there offline after any sign-in or change. `drop-me`: sign-out and account deletion
 * remove it, so the device keeps no one's record.
 */
type UserWriteEffect = 'store-me' | 'drop-me';

export type SwRoute =
  /** GET answered from the network, else from API_CACHE_NAME after the timeout. */
  | { kind: 'network-first' }
  /** A screen's GET read, answered from the network, else from API_READS_CACHE_NAME after the timeout. */
  | { kind: 'api-read' }
  /** An image, answered from IMAGES_CACHE_NAME when it is there (capped in count and age), else fetched and kept. */
  | { kind: 'image' }
  /** Passed to the network; a successful answer updates the cached /api/me. */
  | { kind: 'user-write'; effect: UserWriteEffect }
  /**
   * A remote map style's file, marked by the map (MAP_RESOURCE_PARAM): tiles, glyphs and sprite
   * images from MAP_TILES_CACHE_NAME first (capped), the style and its sources network-first.
   */
  | { kind: 'map-tile' }
  | { kind: 'map-style' }
  /** Not handled by the runtime cache (the network, or the precache for app files). */
  | { kind: 'passthrough' };

const startsWithAny = (pathname: string, prefixes: readonly string[]) => prefixes.some((prefix) => pathname.startsWith(prefix));

/**
 * How the runtime cache handles a request of `method` to `url`, for a worker at `origin`;
 * `destination` is the request's (`'image'` for an `<img>`).
 */
export function routeRequest(method: string, url: URL, origin: string, destination = ''): SwRoute {
  if (url.origin !== origin) return mapResourceRoute(method, url);
  const upper = method.toUpperCase();
  const { pathname } = url;
  if (upper === 'GET') {
    if (CACHED_API_PATHS.has(pathname)) return { kind: 'network-first' };
    if (pathname.startsWith(MEDIA_PREFIX)) return { kind: 'image' };
    // Avatars and other images of the origin, but not the app's own icons (precached) or SVGs.
    if (destination === 'image' && !pathname.startsWith('/api/') && !pathname.endsWith('.svg')) return { kind: 'image' };
    if (startsWithAny(pathname, API_READ_PREFIXES) && !startsWithAny(pathname, UNCACHED_API_PREFIXES)) return { kind: 'api-read' };
  }
  const write = USER_WRITES.find((w) => w.method === upper && w.path === url.pathname);
  return write ? { kind: 'user-write', effect: write.effect } : { kind: 'passthrough' };
}

/** Map resources that change rarely and are many: kept cache-first. */
const MAP_TILE_RESOURCES: ReadonlySet<string> = new Set(['Tile', 'Glyphs', 'SpriteImage', 'Image']);

/** Another origin's GET that the map marked as one of its style's files; anything else is left alone. */
function mapResourceRoute(method: string, url: URL): SwRoute {
  const resource = url.searchParams.get(MAP_RESOURCE_PARAM);
  if (method.toUpperCase() !== 'GET' || resource === null) return { kind: 'passthrough' };
  return MAP_TILE_RESOURCES.has(resource) ? { kind: 'map-tile' } : { kind: 'map-style' };
}

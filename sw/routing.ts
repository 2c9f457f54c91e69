/**
 * The worker's routing decisions as pure functions (no `self`, no Cache API), so they are unit
 * tested beside this file; `runtime-cache.ts` and `precache.ts` register workbox routes with them.
 */

/** Cache of the API answers the app needs to start offline. */
export const API_CACHE_NAME = 'plop-api';
/** Paths answered network-first, from the cache when the network is down or slow. */
export const CACHED_API_PATHS: ReadonlySet<string> = new Set(['/api/config', '/api/me']);
/** After this long without an answer, a cached copy is better than waiting. */
export const API_NETWORK_TIMEOUT_SECONDS = 3;
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
  /** Passed to the network; a successful answer updates the cached /api/me. */
  | { kind: 'user-write'; effect: UserWriteEffect }
  /** Not handled by the runtime cache (the network, or the precache for app files). */
  | { kind: 'passthrough' };

/** How the runtime cache handles a request of `method` to `url`, for a worker at `origin`. */
export function routeRequest(method: string, url: URL, origin: string): SwRoute {
  if (url.origin !== origin) return { kind: 'passthrough' };
  const upper = method.toUpperCase();
  if (upper === 'GET' && CACHED_API_PATHS.has(url.pathname)) return { kind: 'network-first' };
  const write = USER_WRITES.find((w) => w.method === upper && w.path === url.pathname);
  return write ? { kind: 'user-write', effect: write.effect } : { kind: 'passthrough' };
}

/** Whether a page navigation to `pathname` is answered with the precached index.html. */
export function servesAppShell(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname));
}

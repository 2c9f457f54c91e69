/**
 * Names of the caches the service worker fills for offline reading. The app deletes them on
 * sign-out (nothing of one account is shown to the next), so both sides name them from here.
 */
export const API_READS_CACHE_NAME = 'plop-api-reads';
export const IMAGES_CACHE_NAME = 'plop-images';
/** The cache of /api/config and /api/me (sw/runtime-cache.ts). */
export const API_CACHE_NAME = 'plop-api';
/** The app's saved query cache, in IndexedDB (src/api/query-persist.ts): one store, one record. */
export const QUERY_CACHE_DB_NAME = 'plop-query-cache';
export const QUERY_CACHE_STORE = 'cache';
export const QUERY_CACHE_KEY = 'client';

/**
 * Tiles, glyphs, sprites and the style of a remote map style (MAP_STYLE_URL) that the user has
 * seen, so a revisited area renders offline. The map marks those requests with this query
 * parameter (its value: maplibre's resource type), and only those are cached.
 */
export const MAP_TILES_CACHE_NAME = 'plop-map-tiles';
export const MAP_RESOURCE_PARAM = 'plop-map';
/** At most this many map resources are kept (least recently used go first): ~25-50 MB of vector tiles. */
export const MAP_TILE_CACHE_MAX_ENTRIES = 1000;
export const MAP_TILE_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Names of the caches the service worker fills for offline reading. The app deletes them on
 * sign-out (nothing of one account is shown to the next), so both sides name them from here.
 */
export const API_READS_CACHE_NAME = 'plop-api-reads';
export const IMAGES_CACHE_NAME = 'plop-images';
/** The cache of /api/config and /api/me (sw/runtime-cache.ts). */
export const API_CACHE_NAME = 'plop-api';

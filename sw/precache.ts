import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

// vite-plugin-pwa finds the literal `self.__WB_MANIFEST` in the built worker and replaces it
// with the list of built files, so it must be spelt exactly so (not through an alias).
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Not pages: API calls must reach the network (or the runtime cache), never index.html. */
export const NAVIGATION_DENYLIST = [/^\/api\//];

/** The app shell: every built asset precached, and every page navigation answered by index.html. */
export function setupPrecache(): void {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));
}

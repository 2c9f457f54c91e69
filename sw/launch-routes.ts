import { cacheNames } from 'workbox-core';
import { matchPrecache } from 'workbox-precaching';
import { sw } from './sw-scope';

/**
 * The installed app's launch without waiting for this worker to start: the browser answers the
 * launch page and the built files straight from the caches (the Service Worker Static Routing
 * API, `InstallEvent.addRoutes`), so a phone reopening the app does not first start the worker
 * (tens to hundreds of milliseconds) to be told what it could read itself. Everything else,
 * and every browser without the API, goes through the fetch handlers as before.
 */

/** The manifest's start_url: where an installed app opens. */
export const LAUNCH_PATH = '/root';
/** index.html under LAUNCH_PATH (the precache keeps it under its own URL with a revision). */
export const LAUNCH_SHELL_CACHE = 'plop-launch-shell';
/** Built files: content-hashed, precached under their plain URL. */
const BUILT_FILES = '/assets/*';

/** The parts of the Static Routing API used here (not yet in TypeScript's WebWorker types). */
interface RouterRule {
  condition: { urlPattern?: { pathname: string; search?: string }; requestMode?: RequestMode };
  source: { cacheName: string };
}
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };

export function setupLaunchRoutes(): void {
  sw.addEventListener('install', (event: InstallEventWithRoutes) => {
    if (typeof event.addRoutes !== 'function') return;
    // A file or page missing from its cache is fetched from the network, as the worker would.
    event.waitUntil(
      event.addRoutes([
        { condition: { urlPattern: { pathname: BUILT_FILES } }, source: { cacheName: cacheNames.precache } },
        {
          condition: { requestMode: 'navigate', urlPattern: { pathname: LAUNCH_PATH, search: '' } },
          source: { cacheName: LAUNCH_SHELL_CACHE },
        },
      ]),
    );
  });
  // On activation, when this version's precache is the one in use (never while an older version
  // still answers the page: its shell would then load this version's files).
  sw.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        const shell = await matchPrecache('index.html');
        if (!shell) return;
        const cache = await caches.open(LAUNCH_SHELL_CACHE);
        await cache.put(new URL(LAUNCH_PATH, sw.location.origin).href, shell);
      })(),
    );
  });
}

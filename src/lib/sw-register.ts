import { SKIP_WAITING_MESSAGE } from '../../core/sw-messages';
import { setSwUpdate } from '../state/app.state';

/** Activates the version waiting now, then reloads once it controls the page. */
function activateWaitingWorker(registration: ServiceWorkerRegistration): void {
  // Ask the registration, not the worker the 'waiting' event named: if a newer version
  // arrived while the prompt was open, that one is waiting now and the first is redundant.
  // For the same reason, listen to the native controllerchange, which fires for any worker.
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  registration.waiting?.postMessage(SKIP_WAITING_MESSAGE);
}

/**
 * Registers the service worker (production builds only). A new version waits until the user
 * presses Reload in the update prompt, so a half-written post is never lost to a reload.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // workbox-window is fetched in its own chunk: the first screen does not wait for it.
  void import('workbox-window')
    .then(({ Workbox }) => {
      const workbox = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });

      workbox.addEventListener('waiting', () => {
        void navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL).then((registration) => {
          if (registration?.waiting) setSwUpdate({ apply: () => activateWaitingWorker(registration) });
        });
      });
      return workbox.register();
    })
    .catch((error: unknown) => {
      // The app works without a worker (only offline use is lost); report it for debugging.
      console.error('Service worker registration failed', error);
    });
}

import { isAppToSwMessage } from '../core/sw-messages';
import { sw } from './sw-scope';

/** Messages from the app. The worker never skips waiting by itself: the user presses Reload. */
export function setupMessages(): void {
  sw.addEventListener('message', (event) => {
    if (!isAppToSwMessage(event.data)) return;
    switch (event.data.type) {
      case 'SKIP_WAITING':
        event.waitUntil(sw.skipWaiting());
        break;
    }
  });
}

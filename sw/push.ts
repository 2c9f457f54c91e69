import { parsePushPayload } from '../core/push-api';
import { sw } from './sw-scope';

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/favicon-32.png';

/**
 * Web Push: every push shows a visible notification (browsers revoke silent pushes); a click
 * focuses an open Plop tab and navigates it to the notification's in-app link, or opens one.
 */
export function setupPush(): void {
  sw.addEventListener('push', (event) => {
    const payload = parsePushPayload(event.data?.text());
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        icon: ICON,
        badge: BADGE,
        tag: payload.tag,
        data: { link: payload.link },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { link?: unknown } | null;
    const link =
      typeof data?.link === 'string' && data.link.startsWith('/') && !data.link.startsWith('//') ? data.link : '/root/notifications';
    event.waitUntil(openLink(new URL(link, sw.location.origin).href));
  });
}

async function openLink(url: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
  if (open) {
    const focused = await open.focus();
    await focused.navigate(url);
    return;
  }
  await sw.clients.openWindow(url);
}

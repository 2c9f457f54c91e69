import { showUnreadOnAppIcon } from '../core/app-badge';
import { parsePushPayload, STREAK_SNOOZE_PATH } from '../core/push-api';
import { notificationData, notificationTarget } from './notification-target';
import { sw } from './sw-scope';

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/favicon-32.png';

/** `actions` (a notification's buttons) is in the Notifications spec but not in TypeScript's lib. */
interface NotificationOptionsWithActions extends NotificationOptions {
  actions?: { action: string; title: string }[];
}

/**
 * Web Push: every push shows a visible notification (browsers revoke silent pushes), with its
 * buttons ("Open", "Reply"), and sets the unread count on the app icon (Badging API, where the
 * browser has it); a click focuses an open Plop tab and navigates it to the button's or the
 * notification's in-app link, or opens one.
 */
export function setupPush(): void {
  sw.addEventListener('push', (event) => {
    const payload = parsePushPayload(event.data?.text());
    const options: NotificationOptionsWithActions = {
      body: payload.body,
      icon: ICON,
      badge: BADGE,
      tag: payload.tag,
      data: notificationData(payload),
      actions: payload.actions.map(({ action, title }) => ({ action, title })),
    };
    event.waitUntil(
      Promise.all([
        sw.registration.showNotification(payload.title, options),
        payload.unread === undefined ? undefined : showUnreadOnAppIcon(sw.navigator, payload.unread),
      ]),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const link = notificationTarget(event.notification.data, event.action);
    if (event.action === 'snooze') {
      event.waitUntil(snoozeOrOpen(new URL(link, sw.location.origin).href));
      return;
    }
    event.waitUntil(openLink(new URL(link, sw.location.origin).href));
  });
}

/** Focuses an open window of the app and takes it to `url`; opens one when none is open (or it cannot be navigated). */
async function openLink(url: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
  if (open) {
    const focused = await open.focus();
    // navigate() rejects for a window this worker does not control (opened before it was installed).
    const navigated = await focused.navigate(url).catch((error: unknown) => {
      if (error instanceof TypeError) return null;
      throw error;
    });
    if (navigated) return;
  }
  await sw.clients.openWindow(url);
}

/**
 * "Snooze 1 hour" on a streak reminder: asks the server (with the session cookie) to remind once
 * more in an hour, without opening anything; when that fails (offline, signed out) it opens the
 * reminder's link instead, so the press is never lost silently.
 */
async function snoozeOrOpen(fallback: string): Promise<void> {
  const answer = await fetch(STREAK_SNOOZE_PATH, { method: 'POST', credentials: 'same-origin' }).catch((error: unknown) => {
    if (error instanceof TypeError) return null;
    throw error;
  });
  if (answer?.ok) return;
  await openLink(fallback);
}

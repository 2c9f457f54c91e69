import { hashKey, type QueryClient } from '@tanstack/react-query';
import { showUnreadOnAppIcon, type BadgeNavigator } from '../../../core/app-badge';
import { queryKeys } from '../../api/query-keys';

/**
 * Keeps the installed app's icon badge (Badging API) on the unread notification count the app
 * knows: each time the count is read or changed (polled, a notification opened, 'Mark all as
 * read') and cleared when the cache is emptied (sign-out). Nothing where the API is missing.
 * The worker sets it too when a push arrives (sw/push.ts).
 */
export function syncAppBadge(client: QueryClient, navigator: BadgeNavigator = window.navigator): () => void {
  if (typeof navigator.setAppBadge !== 'function') return () => undefined;
  const unreadHash = hashKey(queryKeys.unreadCount());
  let shown: number | undefined;
  const show = (count: number) => {
    if (count === shown) return;
    shown = count;
    void showUnreadOnAppIcon(navigator, count);
  };
  return client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== unreadHash) return;
    if (event.type === 'removed') show(0);
    else if (event.type === 'updated' && typeof event.query.state.data === 'number') show(event.query.state.data);
  });
}

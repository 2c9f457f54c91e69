import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { BadgeNavigator } from '../../../core/app-badge';
import { queryKeys } from '../../api/query-keys';
import { syncAppBadge } from './app-badge';

function badgeRecorder() {
  const calls: string[] = [];
  const navigator: BadgeNavigator = {
    setAppBadge: (n) => (calls.push(`set ${n}`), Promise.resolve()),
    clearAppBadge: () => (calls.push('clear'), Promise.resolve()),
  };
  return { calls, navigator };
}

describe('syncAppBadge', () => {
  it('follows the unread count: set when read or changed, cleared at zero and when the cache is emptied', () => {
    const client = new QueryClient();
    const { calls, navigator } = badgeRecorder();
    const stop = syncAppBadge(client, navigator);
    client.setQueryData(queryKeys.unreadCount(), 4);
    client.setQueryData(queryKeys.unreadCount(), 4);
    client.setQueryData(queryKeys.notificationList(), { pages: [] });
    client.setQueryData(queryKeys.unreadCount(), 0);
    client.setQueryData(queryKeys.unreadCount(), 2);
    client.clear();
    stop();
    client.setQueryData(queryKeys.unreadCount(), 7);
    expect(calls).toEqual(['set 4', 'clear', 'set 2', 'clear']);
  });

  it('does nothing where the Badging API is missing', () => {
    const client = new QueryClient();
    syncAppBadge(client, {});
    expect(() => client.setQueryData(queryKeys.unreadCount(), 3)).not.toThrow();
  });
});

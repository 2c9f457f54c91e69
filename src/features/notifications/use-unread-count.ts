import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { unreadCountQuery } from '../../api/me.queries';
import { getUnreadCount } from '../../api/notifications.api';
import { useAuthState } from '../../state/app.state';
import { unreadPollDelay } from './unread-poll';

/**
 * Unread notifications of the signed-in user. Polls so the badge rises without a reload,
 * backing off while requests fail; react-query pauses the polling while the tab is hidden
 * (refetchIntervalInBackground is off) and refreshes when it is shown or the network returns.
 */
export function useUnreadCount(): number {
  const { uid } = useAuthState();
  const failures = useRef(0);
  const { data } = useQuery({
    ...unreadCountQuery(),
    queryFn: async ({ signal }) => {
      try {
        const count = await getUnreadCount(signal);
        failures.current = 0;
        return count;
      } catch (error) {
        failures.current += 1;
        throw error;
      }
    },
    enabled: uid !== null,
    staleTime: 0,
    retry: false,
    refetchInterval: () => unreadPollDelay(failures.current),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
  return uid === null ? 0 : (data ?? 0);
}

import { useQuery } from '@tanstack/react-query';
import { unreadCountQuery } from '../../api/me.queries';
import { useAuthState } from '../../state/app.state';

/**
 * Unread notifications of the signed-in user, refetched when the tab regains focus or the
 * network returns. A failed read (offline, session not yet open) keeps the last count.
 */
export function useUnreadCount(): number {
  const { uid } = useAuthState();
  const { data } = useQuery({ ...unreadCountQuery(), enabled: uid !== null });
  return uid === null ? 0 : (data ?? 0);
}

import { useEffect, useState } from 'react';
import { getUnreadCount } from '../../api/notifications.api';
import { useAuthState } from '../../state/app.state';

/** Unread notifications of the signed-in user, refreshed when the tab regains focus or the network returns. */
export function useUnreadCount(): number {
  const { uid } = useAuthState();
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (uid === null) {
      setCount(0);
      return;
    }
    const controller = new AbortController();
    const refresh = () => {
      getUnreadCount(controller.signal).then(setCount, () => {
        // Offline, not yet signed in to the API, or aborted: keep showing the last count.
      });
    };
    refresh();
    window.addEventListener('focus', refresh);
    window.addEventListener('online', refresh);
    return () => {
      controller.abort();
      window.removeEventListener('focus', refresh);
      window.removeEventListener('online', refresh);
    };
  }, [uid]);

  return count;
}

import { useEffect } from 'react';
import { useCurrentUser } from '../../state/app.state';
import { toast } from '../../components/toast/use-toast';

const synced = new Set<string>();

/**
 * Once per page load and signed-in user: re-registers this device's push subscription and
 * refreshes it when its token is a week old (push-decisions.ts decides). Never asks for permission.
 */
export function usePushSync(): void {
  const user = useCurrentUser();
  const uid = user?.uid ?? null;
  const enabled = user?.enableNotifications ?? false;
  useEffect(() => {
    if (uid === null || !enabled || synced.has(uid)) return;
    synced.add(uid);
    // The push code loads only for users who have notifications on.
    Promise.all([import('./push-device'), import('./push-decisions')])
      .then(async ([{ syncPushOnLoad }, { pushErrorText }]) =>
        syncPushOnLoad({ uid, enableNotifications: enabled }, Date.now()).catch((error: unknown) => {
          console.warn('Push re-registration failed', error);
          // Offline the next load tries again; anything else is worth telling.
          if (navigator.onLine) toast.warning(pushErrorText('update', error));
        }),
      )
      .catch((error: unknown) => {
        // The code could not be fetched (offline on a first visit): the next load tries again.
        synced.delete(uid);
        console.warn('Push code did not load', error);
      });
  }, [uid, enabled]);
}

import { MESSAGES } from '../../../core/messages';
import { onQueuedOffline } from '../../api/outbox';
import { toast } from '../../components/toast/use-toast';

/** The connection's toasts replace each other: 'back online' never waits behind 'offline'. */
export const CONNECTIVITY_TOASTS = 'connectivity';

/**
 * The online/offline notice (spec section 4), as one signal: offline, the banner and the pending
 * chip say it on screen, so the spec's 'You are offline.' toast shows only when the user tries
 * to write (once per time offline), and 'You're back online.' only after it.
 */
export function startConnectivityToasts(): void {
  let told = false;
  onQueuedOffline(() => {
    if (told) return;
    told = true;
    toast.error(MESSAGES.offline, CONNECTIVITY_TOASTS);
  });
  window.addEventListener('offline', () => {
    told = false;
  });
  window.addEventListener('online', () => {
    if (told) toast.success(MESSAGES.backOnline, CONNECTIVITY_TOASTS);
    told = false;
  });
}

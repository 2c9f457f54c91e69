import { t } from '@lingui/core/macro';
import { toast } from '../../components/toast/use-toast';

/** The connection's toasts replace each other: 'back online' never waits behind 'offline'. */
export const CONNECTIVITY_TOASTS = 'connectivity';

export interface ConnectivityNotice {
  /** The browser reports a connection state (the `online` / `offline` events). */
  report(online: boolean): void;
}

/**
 * The spec's online/offline notice (section 4: 'You are offline.', 'You're back online.' as a
 * success), once per change. Going offline is news, not a failure (issue 64): a warning, never
 * the red of an error, shown at the bottom while the grey offline note heads the screen, so the
 * two never cover each other. Once per change: nothing for the state the app started in (an app
 * opened offline shows the banner only), nothing when the same state is reported twice, and
 * nothing for writes queued while offline (their pending chip says it).
 */
export function connectivityNotice(startedOnline: boolean, show: (online: boolean) => void): ConnectivityNotice {
  let online = startedOnline;
  return {
    report(now) {
      if (now === online) return;
      online = now;
      show(now);
    },
  };
}

export function startConnectivityToasts(): void {
  const notice = connectivityNotice(navigator.onLine, (online) => {
    if (online) toast.success(t`You're back online.`, CONNECTIVITY_TOASTS);
    else toast.warning(t`You are offline.`, CONNECTIVITY_TOASTS);
  });
  window.addEventListener('offline', () => notice.report(false));
  window.addEventListener('online', () => notice.report(true));
}

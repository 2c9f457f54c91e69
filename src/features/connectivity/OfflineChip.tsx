import { useRouterState } from '@tanstack/react-router';
import { lazyPart } from '../../lib/lazy-part';
import { useOnline } from './use-online';

/** The chip's code, loaded when the connection first drops (or ahead, when the page is idle). */
export const OfflineChipView = lazyPart('offline chip', () => import('./OfflineChipView').then((m) => m.OfflineChipView));

/**
 * The 'Offline' chip while the browser has no connection, on the screens without the offline
 * banner (the landing, onboarding): one offline signal per screen, never two.
 */
export function OfflineChip() {
  const online = useOnline();
  const underRoot = useRouterState({ select: (state) => state.location.pathname.startsWith('/root') });
  return online || underRoot ? null : <OfflineChipView />;
}

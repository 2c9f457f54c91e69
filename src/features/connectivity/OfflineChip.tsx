import { lazyPart } from '../../lib/lazy-part';
import { useOnline } from './use-online';

/** The chip's code, loaded when the connection first drops (or ahead, when the page is idle). */
export const OfflineChipView = lazyPart('offline chip', () => import('./OfflineChipView').then((m) => m.OfflineChipView));

/** The 'Offline' chip while the browser has no connection. */
export function OfflineChip() {
  const online = useOnline();
  return online ? null : <OfflineChipView />;
}

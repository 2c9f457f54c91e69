import { MESSAGES } from '../../../core/messages';
import { toast } from '../../components/toast/use-toast';

/** The online/offline notice (spec section 4): a toast on start when offline and on every change. */
export function startConnectivityToasts(): void {
  if (!navigator.onLine) toast.error(MESSAGES.offline);
  window.addEventListener('offline', () => toast.error(MESSAGES.offline));
  window.addEventListener('online', () => toast.success(MESSAGES.backOnline));
}

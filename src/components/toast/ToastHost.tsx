import { lazyPart } from '../../lib/lazy-part';
import { useToasts } from '../../state/app.state';

/** The snackbar itself, loaded with the first toast (or ahead, when the page is idle). */
export const ToastItem = lazyPart('toast', () => import('./ToastItem').then((m) => m.ToastItem));

/** The app's toast box: one toast at a time, in the order they were raised. */
export function ToastHost() {
  const [current] = useToasts();
  return current ? <ToastItem key={current.id} toast={current} /> : null;
}

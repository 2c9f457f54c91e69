import { useCallback, useState } from 'react';
import { messageForError } from '../../features/auth/auth-errors';
import { toast } from './use-toast';

export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface ActionOptions {
  /**
   * Handles a failure in place (a field error, the login wall) and answers true; otherwise the
   * failure is a toast with its text (auth-errors' messageForError).
   */
  onError?: (error: unknown) => boolean;
  /** The toast group of the failure toast (a form's: a newer one replaces it). */
  toastGroup?: string;
}

/**
 * The busy / toast-on-error pattern of a button or form: `busy` is true while the action runs
 * (disable the controls), a failure is shown as a toast unless `onError` takes it, and the
 * caller reads the result instead of catching.
 */
export function useAction<A extends unknown[], T>(action: (...args: A) => Promise<T>, options: ActionOptions = {}) {
  const [busy, setBusy] = useState(false);
  const { onError, toastGroup } = options;
  const run = useCallback(
    async (...args: A): Promise<ActionResult<T>> => {
      setBusy(true);
      try {
        return { ok: true, value: await action(...args) };
      } catch (error) {
        if (onError?.(error) !== true) toast.error(messageForError(error), toastGroup);
        return { ok: false, error };
      } finally {
        setBusy(false);
      }
    },
    [action, onError, toastGroup],
  );
  return { busy, run };
}

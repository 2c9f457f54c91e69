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
}

/**
 * The busy / toast-on-error pattern of a button or form: `busy` is true while the action runs
 * (disable the controls), a failure is shown as a toast unless `onError` takes it, and the
 * caller reads the result instead of catching.
 */
export function useAction<A extends unknown[], T>(action: (...args: A) => Promise<T>, options: ActionOptions = {}) {
  const [busy, setBusy] = useState(false);
  const { onError } = options;
  const run = useCallback(
    async (...args: A): Promise<ActionResult<T>> => {
      setBusy(true);
      try {
        return { ok: true, value: await action(...args) };
      } catch (error) {
        if (onError?.(error) !== true) toast.error(messageForError(error));
        return { ok: false, error };
      } finally {
        setBusy(false);
      }
    },
    [action, onError],
  );
  return { busy, run };
}

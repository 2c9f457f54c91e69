import { useState } from 'react';
import { useToast } from '../../components/toast/use-toast';
import { messageForError } from './auth-errors';
import { signInAsGuest } from './auth-session';

/**
 * "Try it first": signs the visitor in anonymously (keeping anyone already signed in) and
 * opens the app with `enter` (the router's navigation, or the landing page's way into the app).
 * Only this deliberate step does it; merely visiting /root still redirects.
 */
export function useStartAsGuest(enter: (href: string) => unknown): { start: (href?: string) => Promise<void>; busy: boolean } {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  /** `href`: the app screen to open (a path the caller has checked), the feed by default. */
  const start = async (href = '/root') => {
    setBusy(true);
    try {
      const user = await signInAsGuest();
      // ensureSession already said why when the session could not be opened.
      if (user === null) {
        setBusy(false);
        return;
      }
    } catch (error) {
      toast.error(messageForError(error));
      setBusy(false);
      return;
    }
    await enter(href);
  };

  return { start, busy };
}

/**
 * What a Google redirect was for, remembered in sessionStorage across the round trip. Kept
 * apart from google-sign-in.ts so the start-up can tell whether a redirect is coming back
 * without loading Firebase.
 */
const PENDING_KEY = 'plop.googleRedirect';

export type GoogleIntent = 'sign-in' | 'link';

export function rememberIntent(intent: GoogleIntent): void {
  sessionStorage.setItem(PENDING_KEY, intent);
}

export function forgetIntent(): void {
  sessionStorage.removeItem(PENDING_KEY);
}

/** The pending intent, read once: it is forgotten as it is read. */
export function readIntent(): GoogleIntent | undefined {
  const value = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  return value === 'link' || value === 'sign-in' ? value : undefined;
}

/** Whether this page load may be the way back from Google (nothing is consumed). */
export function hasPendingRedirect(): boolean {
  try {
    return sessionStorage.getItem(PENDING_KEY) !== null;
  } catch (error) {
    // Storage blocked: no intent could have been stored, so no redirect is pending.
    void error;
    return false;
  }
}

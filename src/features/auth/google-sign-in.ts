/**
 * Google sign-in by redirect (spec section 7), and linking an anonymous account to Google the
 * same way. The page leaves for the identity provider and comes back; `completeGoogleRedirect`
 * (run once at start-up) reads the outcome, opens the session and raises the spec's toasts.
 */
import {
  getRedirectResult,
  GoogleAuthProvider,
  linkWithRedirect,
  signInWithCredential,
  signInWithRedirect,
  type UserCredential,
} from 'firebase/auth';
import { i18n } from '@lingui/core';
import { languageReady } from '../../i18n/i18n';
import { toast } from '../../components/toast/use-toast';
import { AUTH_TEXT, authErrorCode, codeOf } from './auth-errors';
import { ensureSession, getFirebaseAuth, resyncSession } from './firebase-session';
import { forgetIntent, readIntent, rememberIntent, type GoogleIntent } from './google-redirect-intent';

/** What came back from a redirect: nothing pending, a sign-in, a link, or a failure. */
export type GoogleRedirectOutcome = 'none' | 'signed-in' | 'linked' | 'failed';

/**
 * Leaves for Google. An anonymous user is linked (same uid, nothing lost); anyone else signs
 * in. Resolves only if the browser did not navigate away.
 */
export async function continueWithGoogle(): Promise<void> {
  const auth = await getFirebaseAuth();
  const provider = new GoogleAuthProvider();
  const current = auth.currentUser;
  const intent: GoogleIntent = current?.isAnonymous ? 'link' : 'sign-in';
  rememberIntent(intent);
  try {
    if (current?.isAnonymous) await linkWithRedirect(current, provider);
    else await signInWithRedirect(auth, provider);
  } catch (error) {
    forgetIntent();
    throw error;
  }
}

/**
 * A Google account already tied to another user cannot be linked: its owner proved who they
 * are at Google, so they are signed in to that account instead (the guest one is left).
 */
async function signInInstead(error: unknown): Promise<UserCredential | undefined> {
  if (authErrorCode(codeOf(error) ?? '') !== 'credential-already-in-use') return undefined;
  const credential = GoogleAuthProvider.credentialFromError(error as Parameters<typeof GoogleAuthProvider.credentialFromError>[0]);
  if (!credential) return undefined;
  return signInWithCredential(await getFirebaseAuth(), credential);
}

async function finish(): Promise<GoogleRedirectOutcome> {
  const auth = await getFirebaseAuth();
  let intent: GoogleIntent | undefined;
  let result: UserCredential | null | undefined;
  try {
    // Read before anything awaits the network, so a reload cannot lose it.
    intent = readIntent();
    result = await getRedirectResult(auth);
  } catch (error) {
    result = await signInInstead(error).catch(() => undefined);
    if (!result) {
      // This runs as the app starts: its words wait for the language.
      await languageReady;
      toast.error(i18n._(intent === 'link' ? AUTH_TEXT.linkGoogleError : AUTH_TEXT.redirectError));
      return 'failed';
    }
  }
  if (!result) return 'none';
  const linked = result.operationType === 'link';
  // After a redirect the user record is loaded (and with it the theme from darkMode).
  const user = linked ? await resyncSession(result.user) : await ensureSession(result.user);
  if (!user) return 'failed';
  await languageReady;
  toast.success(i18n._(AUTH_TEXT.loggedInWithGoogle));
  return linked ? 'linked' : 'signed-in';
}

let outcome: Promise<GoogleRedirectOutcome> | undefined;

/** The outcome of the redirect this page load came back from; computed once. */
export function completeGoogleRedirect(): Promise<GoogleRedirectOutcome> {
  // finish() reports its own failures; what is left is no Firebase at all (first visit
  // offline), where there can be no redirect to complete either.
  outcome ??= finish().catch(() => 'none' as const);
  return outcome;
}

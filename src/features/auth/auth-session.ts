/**
 * The signed-in state and the sign-in actions, without Firebase in the app's entry chunk: the
 * state comes first from the server's own session (GET /api/me, one request), and Firebase Auth
 * (firebase-session.ts, a chunk of its own) loads beside it to follow sign-ins and sign-outs.
 */
import type { User } from '../../../core/user';
import type { GoogleRedirectOutcome } from './google-sign-in';
import { ApiError } from '../../api/api-error';
import { getMe } from '../../api/session.api';
import { setAuthState, setCurrentUser } from '../../state/app.state';
import { hadSession, rememberSession } from './session-hint';

type FirebaseSession = typeof import('./firebase-session');

let firebaseSession: Promise<FirebaseSession> | undefined;

/** The Firebase half, loaded once (retried when the chunk could not be fetched). */
function loadFirebaseSession(): Promise<FirebaseSession> {
  firebaseSession ??= import('./firebase-session').catch((error: unknown) => {
    firebaseSession = undefined;
    throw error;
  });
  return firebaseSession;
}

/**
 * Starts the auth state; call once at start-up. A valid server session decides "signed in" at
 * once (the user record arrives with it); otherwise Firebase, loaded in parallel, decides. Only
 * a browser that had a session asks the server (see session-hint.ts).
 */
export function startAuth(): void {
  const serverSession = (hadSession() ? getMe() : Promise.resolve(null)).then(
    (user) => {
      if (!user) return null;
      setCurrentUser(user);
      setAuthState({ resolved: true, uid: user.uid, isAnonymous: user.email === '' });
      return user;
    },
    (error: unknown) => {
      // 401 (no session) and offline without a cached record are expected: Firebase decides.
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) rememberSession(false);
      return null;
    },
  );
  void Promise.all([loadFirebaseSession(), serverSession]).then(
    ([firebase, user]) => {
      if (user) firebase.adoptServerSession(user);
      firebase.startAuth();
    },
    // The chunk could not load (offline on a first visit): nobody can be signed in then.
    () => setAuthState({ resolved: true, uid: null, isAnonymous: false }),
  );
}

/** The outcome of the Google redirect this page load came back from (see google-sign-in.ts); computed once. */
export async function completeGoogleRedirect(): Promise<GoogleRedirectOutcome> {
  const { completeGoogleRedirect: complete } = await import('./google-sign-in');
  return complete();
}

/** Leaves for Google sign-in (or linking, for a guest). */
export async function continueWithGoogle(): Promise<void> {
  const { continueWithGoogle: leave } = await import('./google-sign-in');
  await leave();
}

export async function signInWithEmail(email: string, password: string): Promise<User | null> {
  return (await loadFirebaseSession()).signInWithEmail(email, password);
}

export async function signInAsGuest(): Promise<User | null> {
  return (await loadFirebaseSession()).signInAsGuest();
}

export async function continueWithEmail(email: string, password: string): Promise<User | null> {
  return (await loadFirebaseSession()).continueWithEmail(email, password);
}

export async function sendPasswordReset(email: string): Promise<unknown> {
  return (await loadFirebaseSession()).sendPasswordReset(email);
}

export async function signOut(): Promise<void> {
  return (await loadFirebaseSession()).signOut();
}

export async function forgetDeletedAccount(): Promise<void> {
  return (await loadFirebaseSession()).forgetDeletedAccount();
}

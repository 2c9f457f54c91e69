/**
 * The signed-in state and the sign-in actions, without Firebase in the app's entry chunk: the
 * state comes first from the server's own session (GET /api/me, one request), and Firebase Auth
 * (firebase-session.ts, a chunk of its own) loads beside it to follow sign-ins and sign-outs.
 */
import type { User } from '../../../core/user';
import type { GoogleRedirectOutcome } from './google-sign-in';
import { ApiError } from '../../api/api-error';
import { getMe, sessionInPage } from '../../api/session.api';
import { getAuthState, setAuthState, setCurrentUser, type AuthState } from '../../state/app.state';
import { whenIdle } from '../../lib/when-idle';
import { hasPendingRedirect } from './google-redirect-intent';
import { hadSession, rememberSession } from './session-hint';

type FirebaseSession = typeof import('./firebase-session');

let firebaseSession: Promise<FirebaseSession> | undefined;
/** The user the server vouched for at start-up, which Firebase adopts when it starts. */
let serverUser: User | null = null;

/**
 * The Firebase half, loaded once (retried when the chunk could not be fetched). Whenever it
 * loads, for a sign-in or because the page is idle, it starts following the auth state.
 */
function loadFirebaseSession(): Promise<FirebaseSession> {
  firebaseSession ??= import('./firebase-session').then(
    (firebase) => {
      if (serverUser) firebase.adoptServerSession(serverUser);
      firebase.startAuth();
      return firebase;
    },
    (error: unknown) => {
      firebaseSession = undefined;
      throw error;
    },
  );
  return firebaseSession;
}

/** The auth state of a signed-in user (a guest's record has no email). */
function signedInAs(user: User): AuthState {
  return { resolved: true, uid: user.uid, isAnonymous: user.email === '' };
}

/** A user the server vouches for is signed in now; Firebase follows later. */
function signedInFromServer(user: User): void {
  serverUser = user;
  setCurrentUser(user);
  setAuthState(signedInAs(user));
}

/**
 * The user whose query cache this device saved, restored at start-up (main.tsx). On the service
 * worker's copy of the page (an installed launch) nobody has said yet who is signed in: that
 * user's saved screens show at once, as they do offline, instead of the skeleton until GET
 * /api/me answers (up to the worker's network timeout on a slow connection). That answer, already
 * under way, then confirms the user, or a 401 lets Firebase decide as before. Once the page, the
 * server or Firebase has said who it is, this does nothing.
 */
export function showRestoredUser(user: User): void {
  if (!getAuthState().resolved) setAuthState(signedInAs(user));
}

/** Loads Firebase, which then follows sign-ins and sign-outs (from other tabs too). */
function startFirebase(): void {
  void loadFirebaseSession().catch(() => {
    // The chunk could not load (offline on a first visit): nobody else can be signed in then;
    // a user the server vouched for stays signed in (Firebase is tried again when needed).
    if (!serverUser) setAuthState({ resolved: true, uid: null, isAnonymous: false });
  });
}

/** Loads Firebase ahead of a sign-in: a visitor has started to use the sign-in form. */
export function prepareSignIn(): void {
  startFirebase();
}

/** Delay before Firebase loads for a user the server already vouched for: the first screen comes first. */
const FIREBASE_IDLE_DELAY_MS = 3000;

let authStarted = false;

/**
 * Starts the auth state; call at start-up.
 * - The page the server sent says who is signed in: that decides at once. Firebase then loads
 *   when the page is idle for a signed-in user, and only when needed (a sign-in) for a visitor,
 *   unless this browser had a session that has ended, which Firebase may reopen.
 * - A page that says nothing (the service worker's copy): a browser that had a session asks
 *   the server (GET /api/me), and Firebase, loaded in parallel, decides otherwise.
 */
export function startAuth(): void {
  // Once per page: the landing page's form (src/landing/) may have started it, and signed the
  // visitor in, before the app starts.
  if (authStarted) return;
  authStarted = true;
  const inPage = sessionInPage();
  if (inPage?.user) {
    rememberSession(true);
    signedInFromServer(inPage.user);
    whenIdle(startFirebase, FIREBASE_IDLE_DELAY_MS);
    return;
  }
  if (inPage) {
    // Nobody, says the server. A visitor needs no Firebase until they sign in; a browser whose
    // session has ended lets Firebase reopen it if it still holds the user.
    const hadOne = hadSession();
    rememberSession(false);
    if (hadOne) startFirebase();
    else setAuthState({ resolved: true, uid: null, isAnonymous: false });
    return;
  }
  // The service worker's copy of the page (an installed app's launch) says nothing: the server (or
  // the worker's cached record, offline) says who it is. Signed in, Firebase waits for an idle
  // moment, as above, out of the launch's way; otherwise it starts once the server has answered.
  const serverSession = (hadSession() ? getMe() : Promise.resolve(null)).then(
    (user) => {
      if (user) signedInFromServer(user);
      return user;
    },
    (error: unknown) => {
      // 401 (no session) and offline without a cached record are expected: Firebase decides.
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) rememberSession(false);
      return null;
    },
  );
  void serverSession.then((user) => (user ? whenIdle(startFirebase, FIREBASE_IDLE_DELAY_MS) : startFirebase()), startFirebase);
}

let googleOutcome: Promise<GoogleRedirectOutcome> | undefined;

/**
 * The outcome of the Google redirect this page load came back from (see google-sign-in.ts);
 * computed once. Without a pending redirect Firebase is not loaded for it.
 */
export function completeGoogleRedirect(): Promise<GoogleRedirectOutcome> {
  googleOutcome ??= hasPendingRedirect()
    ? Promise.all([loadFirebaseSession(), import('./google-sign-in')]).then(
        ([, module]) => module.completeGoogleRedirect(),
        // The chunks could not load (offline): the redirect is completed on the next load.
        (): GoogleRedirectOutcome => 'none',
      )
    : Promise.resolve('none');
  return googleOutcome;
}

/** Leaves for Google sign-in (or linking, for a guest). */
export async function continueWithGoogle(): Promise<void> {
  const [, { continueWithGoogle: leave }] = await Promise.all([loadFirebaseSession(), import('./google-sign-in')]);
  await leave();
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

/**
 * Loaded on demand through auth-session.ts (Firebase stays out of the app's entry chunk).
 * Firebase Auth on the client, and the API session that follows it. Firebase is configured at
 * runtime from GET /api/config; whenever it reports a signed-in user, the app exchanges a
 * fresh ID token for the httpOnly session cookie (POST /api/session) and loads the user record.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  getAuth,
  indexedDBLocalPersistence,
  initializeAuth,
  linkWithCredential,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInAnonymously,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  type Auth,
  type User as FirebaseUser,
} from 'firebase/auth';
import type { User } from '../../../core/user';
import { ApiError } from '../../api/api-error';
import { loadConfig } from '../../api/config.api';
import { createSession, deleteSession, getMe } from '../../api/session.api';
import { toast } from '../../components/toast/use-toast';
import { setAuthState, setConfig, setCurrentUser } from '../../state/app.state';
import { languageReady } from '../../i18n/i18n';
import { authErrorCode, codeOf, messageForError } from './auth-errors';
import { emulatorRedirectResolver } from './emulator-redirect-resolver';
import { linkOrSignIn, signInOrRegister } from './email-sign-in';
import { rememberSession } from './session-hint';

let authPromise: Promise<Auth> | undefined;

async function initAuth(): Promise<Auth> {
  const config = await loadConfig();
  setConfig(config);
  const app = initializeApp(config.firebase);
  if (config.authEmulatorUrl === null) return getAuth(app);
  // getAuth's own setup, but with a resolver that completes Google redirects through the
  // emulator's page served on our origin (see emulator-redirect-resolver.ts).
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    popupRedirectResolver: emulatorRedirectResolver,
  });
  connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

/** Firebase Auth, initialised once from the runtime config (retried if the config failed). */
export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= initAuth().catch((error: unknown) => {
    authPromise = undefined;
    throw error;
  });
  return authPromise;
}

/** The API or Firebase could not be reached (offline, server down). */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.isNetworkError;
  return authErrorCode(codeOf(error) ?? '') === 'network-request-failed';
}

/** Offline, POST /api/session cannot reach the server; the worker keeps the last /api/me. */
async function loadUser(firebaseUser: FirebaseUser): Promise<User> {
  // The server opens sessions only with an ID token issued in the last few minutes, and
  // the SDK may hold one up to an hour old (a reload, a link): always ask for a new one.
  const open = async () => createSession(await firebaseUser.getIdToken(true));
  try {
    try {
      return await open();
    } catch (error) {
      // A token the server could not verify this once (its identity check timed out, say):
      // one more with a new token before telling the user to sign in again.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
      return await open();
    }
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    return getMe();
  }
}

let session: { uid: string; promise: Promise<User | null> } | undefined;

/**
 * The user the server session (GET /api/me) already answered for: when Firebase then reports
 * the same uid, that session is used as it is, without a token refresh and a new session.
 */
export function adoptServerSession(user: User): void {
  if (!session) session = { uid: user.uid, promise: Promise.resolve(user) };
}

/**
 * Opens the API session for a Firebase user and stores the user record. Calls for the same
 * user share one request (the sign-in form and the auth listener both ask). Never rejects:
 * answers null and lets a later call retry when the session could not be opened.
 */
export function ensureSession(firebaseUser: FirebaseUser, options: { refresh?: boolean } = {}): Promise<User | null> {
  if (session?.uid === firebaseUser.uid && !options.refresh) return session.promise;
  const current = {
    uid: firebaseUser.uid,
    promise: loadUser(firebaseUser).then(
      (user) => {
        if (session === current) setCurrentUser(user);
        rememberSession(true);
        return user;
      },
      (error: unknown) => {
        if (session === current) session = undefined;
        // Offline with nothing cached is expected; anything else the user should hear about.
        // (Once the language is loaded: this may run as the app starts.)
        if (!isNetworkFailure(error)) void languageReady.then(() => toast.error(messageForError(error)));
        return null;
      },
    ),
  };
  session = current;
  return current.promise;
}

function publishAuthState(firebaseUser: FirebaseUser | null): void {
  setAuthState({ resolved: true, uid: firebaseUser?.uid ?? null, isAnonymous: firebaseUser?.isAnonymous ?? false });
}

function signedOut(): void {
  session = undefined;
  publishAuthState(null);
  setCurrentUser(null);
  rememberSession(false);
}

function onFirebaseUser(firebaseUser: FirebaseUser | null): void {
  if (firebaseUser) {
    publishAuthState(firebaseUser);
    void ensureSession(firebaseUser);
    return;
  }
  const current = session;
  if (!current) return signedOut();
  // The server's session is the sign-in; Firebase only opened it. Firebase holding no user
  // (its storage cleared, or a sign-out in another tab, which ends the server session first)
  // signs out here only when the server says the session has ended too.
  void getMe().then(
    (user) => {
      if (session === current) setCurrentUser(user);
    },
    (error: unknown) => {
      if (session === current && error instanceof ApiError && error.status === 401) signedOut();
    },
  );
}

/** Starts following the Firebase auth state; call once at start-up. */
export function startAuth(): void {
  getFirebaseAuth().then(
    (auth) => {
      onAuthStateChanged(auth, onFirebaseUser);
      // A session that could not be opened offline is opened when the network returns.
      window.addEventListener('online', () => {
        if (auth.currentUser) void ensureSession(auth.currentUser);
      });
    },
    // No config, not even a cached one (first visit offline): nobody can be signed in.
    () => setAuthState({ resolved: true, uid: null, isAnonymous: false }),
  );
}

/** E-mail sign-in that registers a new account when there is none (spec section 5). */
export async function signInWithEmail(email: string, password: string): Promise<User | null> {
  const auth = await getFirebaseAuth();
  const { user } = await signInOrRegister(
    {
      signIn: async (e, p) => (await signInWithEmailAndPassword(auth, e, p)).user,
      register: async (e, p) => (await createUserWithEmailAndPassword(auth, e, p)).user,
    },
    email,
    password,
  );
  // Let the guard in now rather than when the auth listener catches up.
  publishAuthState(user);
  return ensureSession(user);
}

/**
 * Silent anonymous sign-in for a visitor who starts using the app ("Try it first"). Keeps
 * whoever is signed in already. The account can be linked to an e-mail or Google later.
 * @public called through `loadFirebaseSession()` (auth-session.ts), which knip cannot follow
 */
export async function signInAsGuest(): Promise<User | null> {
  const auth = await getFirebaseAuth();
  const user = auth.currentUser ?? (await signInAnonymously(auth)).user;
  publishAuthState(user);
  return ensureSession(user);
}

/**
 * The login wall's e-mail step: for an anonymous user it links the e-mail and password to
 * the same uid (nothing is lost) and reopens the session so the server stores the e-mail;
 * for anyone else it is the usual sign-in or sign-up.
 * @public called through `loadFirebaseSession()` (auth-session.ts), which knip cannot follow
 */
export async function continueWithEmail(email: string, password: string): Promise<User | null> {
  const auth = await getFirebaseAuth();
  const current = auth.currentUser;
  if (!current?.isAnonymous) return signInWithEmail(email, password);
  const { user, linked } = await linkOrSignIn(
    {
      link: async (e, p) => (await linkWithCredential(current, EmailAuthProvider.credential(e, p))).user,
      signIn: async (e, p) => (await signInWithEmailAndPassword(auth, e, p)).user,
    },
    email,
    password,
  );
  // Linking keeps the uid, so the auth listener stays silent: publish and resync here.
  publishAuthState(user);
  return ensureSession(user, { refresh: linked });
}

/** Re-opens the API session after the signed-in Firebase user changed in place (linking). */
export async function resyncSession(firebaseUser: FirebaseUser): Promise<User | null> {
  publishAuthState(firebaseUser);
  return ensureSession(firebaseUser, { refresh: true });
}

/** Sends a password reset e-mail (spec section 7): true on success, otherwise the error.
 * @public called through `loadFirebaseSession()` (auth-session.ts), which knip cannot follow
 */
export async function sendPasswordReset(email: string): Promise<unknown> {
  try {
    await sendPasswordResetEmail(await getFirebaseAuth(), email);
    return true;
  } catch (error) {
    return error;
  }
}

/** Ends the API session and signs out of Firebase.
 * @public called through `loadFirebaseSession()` (auth-session.ts), which knip cannot follow
 */
export async function signOut(): Promise<void> {
  try {
    await deleteSession();
  } catch (error) {
    // Offline the cookie cannot be cleared now; the server expires it. Signing out of
    // Firebase still matters more, so only non-network failures are reported.
    if (!isNetworkFailure(error)) throw error;
  }
  session = undefined;
  rememberSession(false);
  await firebaseSignOut(await getFirebaseAuth());
  // Firebase may not have been following yet (it starts when the page is idle): say it here too.
  signedOut();
}

/** Signs out of Firebase on this device only, for an account the server has just deleted.
 * @public called through `loadFirebaseSession()` (auth-session.ts), which knip cannot follow
 */
export async function forgetDeletedAccount(): Promise<void> {
  signedOut();
  await firebaseSignOut(await getFirebaseAuth());
}

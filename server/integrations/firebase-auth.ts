import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import type { Config } from '../config';

/** What the server needs from Firebase Auth; the real firebase-admin SDK behind it. */
export interface IdentityProvider {
  verifyIdToken(idToken: string): Promise<{ uid: string; email: string; emailVerified: boolean; issuedAtSeconds: number }>;
  createSessionCookie(idToken: string, expiresInMs: number): Promise<string>;
  /** `anonymous` is true for a guest signed in with Firebase's anonymous provider. */
  verifySessionCookie(cookie: string): Promise<{ uid: string; email: string; anonymous: boolean }>;
  revokeRefreshTokens(uid: string): Promise<void>;
  deleteUser(uid: string): Promise<void>;
  close(): Promise<void>;
}

let appCount = 0;

export function firebaseIdentity(config: Config['firebase']): IdentityProvider {
  // firebase-admin reads the emulator address from the environment at call time.
  if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
  const app: App = initializeApp({ projectId: config.projectId }, `plop-${++appCount}`);
  const auth: Auth = getAuth(app);
  return {
    async verifyIdToken(idToken) {
      const decoded = await auth.verifyIdToken(idToken);
      return {
        uid: decoded.uid,
        email: decoded.email ?? '',
        emailVerified: decoded.email_verified === true,
        issuedAtSeconds: decoded.iat,
      };
    },
    createSessionCookie: (idToken, expiresIn) => auth.createSessionCookie(idToken, { expiresIn }),
    async verifySessionCookie(cookie) {
      const decoded = await auth.verifySessionCookie(cookie);
      return { uid: decoded.uid, email: decoded.email ?? '', anonymous: decoded.firebase.sign_in_provider === 'anonymous' };
    },
    revokeRefreshTokens: (uid) => auth.revokeRefreshTokens(uid),
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        // Deleting is retried until it sticks; a user already gone counts as done.
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
    close: () => deleteApp(app),
  };
}

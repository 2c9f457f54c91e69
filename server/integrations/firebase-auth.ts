import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import type { Config } from '../config';

/** What the server needs from Firebase Auth; the real firebase-admin SDK behind it. */
export interface IdentityProvider {
  /**
   * Checks an ID token once, at sign-in (signature, expiry, and that the user is not disabled or
   * revoked). `anonymous` is true for a guest signed in with Firebase's anonymous provider.
   */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  revokeRefreshTokens(uid: string): Promise<void>;
  deleteUser(uid: string): Promise<void>;
  close(): Promise<void>;
}

export interface VerifiedIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
  anonymous: boolean;
  issuedAtSeconds: number;
}

let appCount = 0;

export function firebaseIdentity(config: Config['firebase']): IdentityProvider {
  // firebase-admin reads the emulator address from the environment at call time.
  if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
  const app: App = initializeApp({ projectId: config.projectId }, `plop-${++appCount}`);
  const auth: Auth = getAuth(app);
  return {
    async verifyIdToken(idToken) {
      const decoded = await auth.verifyIdToken(idToken, true);
      return {
        uid: decoded.uid,
        email: decoded.email ?? '',
        emailVerified: decoded.email_verified === true,
        anonymous: decoded.firebase.sign_in_provider === 'anonymous',
        issuedAtSeconds: decoded.iat,
      };
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

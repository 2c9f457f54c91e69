import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth } from 'firebase-admin/auth';
import type { Config } from '../config';

/** What the server needs from Firebase Auth; the real firebase-admin SDK behind it. */
export interface IdentityProvider {
  /**
   * Checks an ID token once, at sign-in (signature, expiry, and that the user is not disabled or
   * revoked). `anonymous` is true for a guest signed in with Firebase's anonymous provider.
   */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  /**
   * When the identity was created (Firebase's `metadata.creationTime`), read once, when its account
   * is made at its first sign-in: the account starts then, not later (issue 61, dates before the account).
   */
  createdAt(uid: string): Promise<Date>;
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

/**
 * How much earlier than its account's `validSince` an emulator token's `auth_time` may be. The Auth
 * emulator reads the clock twice when it creates an account: `auth_time` is the whole second of the
 * first reading, `validSince` that of the second, a moment later; when a second ends in between, the
 * exact check (firebase-admin's) refuses every token of the new account, and a person who has just
 * signed up is told their session expired. Real Firebase takes both from one reading.
 */
const EMULATOR_VALID_SINCE_SLACK_SECONDS = 1;

/** Whether a token first issued at `authTimeSeconds` was revoked by `validSince` (`tokensValidAfterTime`), allowing `slackSeconds`. */
function revokedBefore(authTimeSeconds: number, tokensValidAfterTime: string | undefined, slackSeconds: number): boolean {
  if (!tokensValidAfterTime) return false;
  const validSince = new Date(tokensValidAfterTime).getTime();
  return authTimeSeconds * 1000 < validSince - slackSeconds * 1000;
}

/** The claims of an ID token firebase-admin has already checked (its payload, read without checking it again). */
function claimsOf(idToken: string): DecodedIdToken {
  const payload = idToken.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DecodedIdToken;
}

export function firebaseIdentity(config: Config['firebase']): IdentityProvider {
  // firebase-admin reads the emulator address from the environment at call time.
  if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
  const app: App = initializeApp({ projectId: config.projectId }, `plop-${++appCount}`);
  const auth: Auth = getAuth(app);
  const emulated = config.authEmulatorHost !== undefined;
  return {
    async verifyIdToken(idToken) {
      const decoded = await auth.verifyIdToken(idToken, true).catch(async (error: unknown) => {
        // With the emulator, allow its clock's slack (EMULATOR_VALID_SINCE_SLACK_SECONDS). firebase-admin
        // says "revoked" only once the token itself has checked out, so its claims can be read here.
        if (!emulated || (error as { code?: unknown }).code !== 'auth/id-token-revoked') throw error;
        const claims = claimsOf(idToken);
        const user = await auth.getUser(claims.sub);
        if (user.disabled || revokedBefore(claims.auth_time, user.tokensValidAfterTime, EMULATOR_VALID_SINCE_SLACK_SECONDS)) throw error;
        return { ...claims, uid: claims.sub };
      });
      return {
        uid: decoded.uid,
        email: decoded.email ?? '',
        emailVerified: decoded.email_verified === true,
        anonymous: decoded.firebase.sign_in_provider === 'anonymous',
        issuedAtSeconds: decoded.iat,
      };
    },
    async createdAt(uid) {
      const created = new Date((await auth.getUser(uid)).metadata.creationTime);
      if (Number.isNaN(created.getTime())) throw new Error(`no creation time for identity ${uid}`);
      return created;
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

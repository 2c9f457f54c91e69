import { createHash, randomInt } from 'node:crypto';
import { generateUsername, normalizeUsername } from '../../core/username';
import type { User } from '../../core/user';
import type { IdentityProvider } from '../integrations/firebase-auth';
import type { SessionRepository } from '../repositories/session.repository';
import type { UserRepository } from '../repositories/user.repository';
import { AppError, UnauthenticatedError } from '../errors';
import { toApiUser } from './user.mapper';
import { SERVER_MESSAGES } from '../../core/server-messages';

/** An ID token older than this cannot open a session (Firebase's advice for session cookies). */
const FRESH_TOKEN_SECONDS = 5 * 60;
const USERNAME_ATTEMPTS = 20;

export interface SessionPrincipal {
  uid: string;
  email: string;
  /** A guest (anonymous sign-in): may browse and set up a profile, but not post, like, comment or follow. */
  anonymous: boolean;
  sessionId: string;
}

export interface SessionServiceDeps {
  identity: IdentityProvider;
  users: UserRepository;
  sessions: SessionRepository;
  sessionDays: number;
  adminEmails: string[];
  /** Uniform random numbers in [0, 1), for generated usernames. */
  random?: () => number;
}

function sessionIdOf(cookie: string): string {
  return createHash('sha256').update(cookie).digest('base64url');
}

export class SessionService {
  constructor(private readonly deps: SessionServiceDeps) {}

  /** Exchanges a fresh Firebase ID token for a session cookie, creating the user record on first sign-in. */
  async create(idToken: string, now: Date): Promise<{ cookie: string; maxAgeSeconds: number; user: User }> {
    const identity = await this.deps.identity.verifyIdToken(idToken).catch(() => {
      throw new UnauthenticatedError(SERVER_MESSAGES.sessionExpired);
    });
    if (now.getTime() / 1000 - identity.issuedAtSeconds > FRESH_TOKEN_SECONDS) {
      throw new UnauthenticatedError(SERVER_MESSAGES.signInTooOld);
    }
    const user = await this.ensureUser(identity.uid, identity.email, identity.emailVerified);
    const maxAgeSeconds = this.deps.sessionDays * 24 * 60 * 60;
    const cookie = await this.deps.identity.createSessionCookie(idToken, maxAgeSeconds * 1000);
    await this.deps.sessions.create(sessionIdOf(cookie), identity.uid, new Date(now.getTime() + maxAgeSeconds * 1000));
    return { cookie, maxAgeSeconds, user };
  }

  /** The principal behind a session cookie, or undefined when it is invalid, expired or signed out. */
  async authenticate(cookie: string, now: Date): Promise<SessionPrincipal | undefined> {
    let claims: { uid: string; email: string; anonymous: boolean };
    try {
      claims = await this.deps.identity.verifySessionCookie(cookie);
    } catch {
      // An invalid or expired cookie is an anonymous request, not an error.
      return undefined;
    }
    const sessionId = sessionIdOf(cookie);
    if (!(await this.deps.sessions.isActive(sessionId, claims.uid, now))) return undefined;
    return { ...claims, sessionId };
  }

  /** Signs the user out everywhere: drops their sessions and revokes their Firebase refresh tokens. */
  async signOut(uid: string): Promise<void> {
    await this.deps.sessions.deleteAllFor(uid);
    await this.deps.identity.revokeRefreshTokens(uid);
  }

  private async ensureUser(uid: string, email: string, emailVerified: boolean): Promise<User> {
    // Anyone can sign up with any address, so only a proven one earns the admin flag.
    const admin = emailVerified && email !== '' && this.deps.adminEmails.includes(email.toLowerCase());
    const random = this.deps.random ?? (() => randomInt(0, 2 ** 32) / 2 ** 32);
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
      const username = generateUsername(random);
      const outcome = await this.deps.users.insertIfAbsent({
        uid,
        email,
        username,
        usernameSearchable: normalizeUsername(username),
        admin,
      });
      if (outcome === 'username-taken') continue;
      if (outcome === 'exists') await this.deps.users.syncIdentity(uid, email, admin);
      const row = await this.deps.users.findByUid(uid);
      if (row) return toApiUser(row);
    }
    throw new AppError(503, 'internal', 'Could not pick a free username; please try again.');
  }
}

import { hash, randomBytes, randomInt } from 'node:crypto';
import { generateUsername, normalizeUsername } from '../../core/username';
import type { User } from '../../core/user';
import { personalZone } from '../../core/personal-day';
import type { IdentityProvider } from '../integrations/firebase-auth';
import type { SessionRepository } from '../repositories/session.repository';
import type { UserRepository } from '../repositories/user.repository';
import { AppError, UnauthenticatedError } from '../errors';
import { toApiUser } from './user.mapper';
import { SERVER_MESSAGES } from '../../core/server-messages';

/** An ID token older than this cannot open a session (Firebase's advice for session cookies). */
const FRESH_TOKEN_SECONDS = 5 * 60;
const USERNAME_ATTEMPTS = 20;
/** Random bytes in a session id: 256 bits, unguessable. */
const SESSION_ID_BYTES = 32;
/** A session id in the cookie: 32 bytes in base64url. Anything else is not ours and costs no query. */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** How long a checked session is believed without asking the database again (sign-out clears it at once here). */
export const SESSION_CACHE_MS = 30_000;
/** Most sessions kept in the in-process cache; the oldest entry goes first. */
export const SESSION_CACHE_MAX = 10_000;

export interface SessionPrincipal {
  uid: string;
  email: string;
  /** A guest (anonymous sign-in): may browse and set up a profile, but not post, like, comment or follow. */
  anonymous: boolean;
  /** The stored (hashed) id of this session. */
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
  /** Where a refused ID token's reason goes (the caller only hears 'sign in again'). */
  log?: { warn: (details: object, message: string) => void };
}

/** What the database keeps of a session id: its SHA-256 (one-shot `hash`, a third of `createHash`'s cost on every request). */
function hashOf(sessionId: string): string {
  return hash('sha256', sessionId, 'base64url');
}

interface CacheEntry {
  principal: SessionPrincipal;
  /** When this entry stops being believed: the cache window or the session's expiry, whichever is first. */
  until: number;
}

/**
 * The server's own sessions. The Firebase ID token is verified once, at sign-in; the cookie then
 * holds an opaque random id whose SHA-256 is the row's key, so a request costs one indexed
 * lookup (or none, within the short cache window) and no call to Firebase. Sessions live in the
 * database, so they survive restarts of the server and of the Auth emulator.
 */
export class SessionService {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly deps: SessionServiceDeps) {}

  /**
   * Exchanges a fresh Firebase ID token for a session cookie, creating the user record on first
   * sign-in, in the device's `timeZone` when it is one the server knows (else New York until the
   * app records one): a newcomer's first post then counts on their own day, as the next ones do.
   */
  async create(idToken: string, now: Date, timeZone?: string): Promise<{ cookie: string; maxAgeSeconds: number; user: User }> {
    const identity = await this.deps.identity.verifyIdToken(idToken).catch((error: unknown) => {
      this.deps.log?.warn({ reason: error instanceof Error ? error.message : String(error) }, 'ID token refused at sign-in');
      throw new UnauthenticatedError(SERVER_MESSAGES.sessionExpired);
    });
    if (now.getTime() / 1000 - identity.issuedAtSeconds > FRESH_TOKEN_SECONDS) {
      throw new UnauthenticatedError(SERVER_MESSAGES.signInTooOld);
    }
    const user = await this.ensureUser(identity.uid, identity.email, identity.emailVerified, timeZone);
    const maxAgeSeconds = this.deps.sessionDays * 24 * 60 * 60;
    const cookie = randomBytes(SESSION_ID_BYTES).toString('base64url');
    const expiresAt = new Date(now.getTime() + maxAgeSeconds * 1000);
    await this.deps.sessions.create(hashOf(cookie), identity.uid, identity.anonymous, expiresAt);
    return { cookie, maxAgeSeconds, user };
  }

  /** The principal behind a session cookie, or undefined when it is unknown, expired or signed out. */
  async authenticate(cookie: string, now: Date): Promise<SessionPrincipal | undefined> {
    if (!SESSION_ID_PATTERN.test(cookie)) return undefined;
    const sessionId = hashOf(cookie);
    const at = now.getTime();
    const cached = this.cache.get(sessionId);
    if (cached && cached.until > at) return cached.principal;
    if (cached) this.cache.delete(sessionId);
    const row = await this.deps.sessions.findActive(sessionId, now);
    if (!row) return undefined;
    const principal = { uid: row.uid, email: row.email, anonymous: row.anonymous, sessionId };
    if (this.cache.size >= SESSION_CACHE_MAX) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(sessionId, { principal, until: Math.min(at + SESSION_CACHE_MS, row.expiresAt.getTime()) });
    return principal;
  }

  /** Signs the user out everywhere: drops their sessions and revokes their Firebase refresh tokens. */
  async signOut(uid: string): Promise<void> {
    await this.endAllSessions(uid);
    await this.deps.identity.revokeRefreshTokens(uid);
  }

  /** Ends every session of the user at once (sign-out, account deletion). */
  async endAllSessions(uid: string): Promise<void> {
    this.forget(uid);
    await this.deps.sessions.deleteAllFor(uid);
    // A request that read the row before the delete may have cached it meanwhile.
    this.forget(uid);
  }

  /** Deletes expired sessions; answers how many. */
  async pruneExpired(now: Date): Promise<number> {
    for (const [id, entry] of this.cache) if (entry.until <= now.getTime()) this.cache.delete(id);
    return this.deps.sessions.pruneExpired(now);
  }

  private forget(uid: string): void {
    for (const [id, entry] of this.cache) if (entry.principal.uid === uid) this.cache.delete(id);
  }

  private async ensureUser(uid: string, email: string, emailVerified: boolean, timeZone: string | undefined): Promise<User> {
    // Anyone can sign up with any address, so only a proven one earns the admin flag.
    const admin = emailVerified && email !== '' && this.deps.adminEmails.includes(email.toLowerCase());
    const random = this.deps.random ?? (() => randomInt(0, 2 ** 32) / 2 ** 32);
    // A new account starts when its identity was made (never later than now, the repository's bound).
    const since = (await this.deps.users.findByUid(uid)) ? undefined : await this.identityCreatedAt(uid);
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
      const username = generateUsername(random);
      const outcome = await this.deps.users.insertIfAbsent({
        uid,
        email,
        username,
        usernameSearchable: normalizeUsername(username),
        admin,
        since,
        timeZone: timeZone !== undefined && personalZone(timeZone) === timeZone ? timeZone : null,
      });
      if (outcome === 'username-taken') continue;
      if (outcome === 'exists') await this.deps.users.syncIdentity(uid, email, admin);
      const row = await this.deps.users.findByUid(uid);
      if (row) return toApiUser(row);
    }
    throw new AppError(503, 'internal', 'Could not pick a free username; please try again.');
  }

  /**
   * When the identity was created, for a new account's start. Firebase has just verified its token;
   * should this second call fail, the account starts now (the strict reading: nothing before it counts).
   */
  private async identityCreatedAt(uid: string): Promise<Date | undefined> {
    try {
      return await this.deps.identity.createdAt(uid);
    } catch (error) {
      this.deps.log?.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'identity creation time unread; the account starts now',
      );
      return undefined;
    }
  }
}

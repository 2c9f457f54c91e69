import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { firebaseIdentity } from '../integrations/firebase-auth';
import { PGLITE_TEMPLATE_ENV } from './global-setup';

export const TEST_PROJECT_ID = 'demo-plop-test';

function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run through vitest (global setup starts it)');
  return host;
}

let templateRead: Promise<Blob> | undefined;
/** The template's bytes, read once per test file. */
function pgliteTemplate(file: string): Promise<Blob> {
  templateRead ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return templateRead;
}

/** A migrated database: in-memory PGlite, or a fresh schema on TEST_DATABASE_URL's server. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // A copy of the run's migrated database (global-setup.ts), else a new one migrated here.
    const template = process.env[PGLITE_TEMPLATE_ENV];
    if (template) return openDatabase({ loadDataDir: await pgliteTemplate(template) });
    const database = await openDatabase({});
    await migrate(database);
    return database;
  }
  const schemaName = `t_${randomUUID().replace(/-/g, '')}`;
  const database = await openDatabase({ url, schemaName });
  await migrate(database);
  return {
    ...database,
    async close() {
      await database.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schemaName} CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS ${schemaName}_jobs CASCADE`);
      await admin.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/**
 * A clock a test holds still and moves by hand; pass it to `build` and the app reads every
 * time from it. It starts at the real time (the Auth emulator's tokens carry real times).
 */
export class TestClock {
  private at: number;

  constructor(start: Date = new Date()) {
    this.at = start.getTime();
  }

  /** The app's `now`. */
  readonly now = (): Date => new Date(this.at);

  advance(ms: number): Date {
    this.at += ms;
    return this.now();
  }

  set(at: Date): void {
    this.at = at.getTime();
  }
}

export interface BuildOptions {
  /** The app's clock; the real time when omitted. */
  clock?: TestClock;
}

/** Builds the real app on a real database and closes both when the test ends. */
export async function build(overrides: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    STATIC_DIR: '',
    LOG_LEVEL: 'warn',
    // Tests sign many users in from one address; the per-route limits have their own test.
    RATE_LIMIT_ROUTES: 'off',
    ...overrides,
  });
  const database = await openTestDatabase();
  const identity = firebaseIdentity(config.firebase);
  const app = await buildApp({ config, database, identity, logger: false, now: options.clock?.now });
  await app.ready();
  onTestFinished(async () => {
    await app.close();
    await identity.close();
    await database.close();
  });
  return { app, database, config };
}

/**
 * Builds the app on a database the test owns (to build a second app on the same data, as after
 * a restart), with an optional clock; closes the app and its identity client when the test ends.
 */
export async function buildOn(database: Database, options: { now?: () => Date; env?: Record<string, string> } = {}) {
  const config = loadConfig({
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    STATIC_DIR: '',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const identity = firebaseIdentity(config.firebase);
  const app = await buildApp({ config, database, identity, logger: false, now: options.now });
  await app.ready();
  onTestFinished(async () => {
    await app.close();
    await identity.close();
  });
  return { app, config, identity };
}

const EMULATOR_KEY = 'demo-api-key';

async function identityToolkit<T>(method: string, body: unknown): Promise<T> {
  const url = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${EMULATOR_KEY}`;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`emulator ${method}: ${json.error?.message ?? res.status}`);
  return json;
}

/** Signs a new e-mail user up on the running Auth emulator and returns a fresh ID token. */
export async function signUpOnEmulator(email = `u${randomUUID().slice(0, 8)}@example.com`, password = 'secret123') {
  const res = await identityToolkit<{ idToken: string; localId: string }>('signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  return { idToken: res.idToken, uid: res.localId, email, password };
}

/** POST /api/session with an ID token; answers the Cookie header and the user. */
export async function openSession(app: FastifyInstance, idToken: string) {
  const res = await app.inject({ method: 'POST', url: '/api/session', payload: { idToken } });
  if (res.statusCode !== 200) throw new Error(`POST /api/session: ${res.statusCode} ${res.body}`);
  return { cookie: cookieFrom(res.headers['set-cookie']), user: res.json().user };
}

/** Marks the account's e-mail verified (an admin call on the emulator) and answers a fresh ID token. */
export async function verifyEmailOnEmulator(account: { uid: string; email: string; password: string }) {
  const url = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=${EMULATOR_KEY}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: account.uid, emailVerified: true }),
  });
  if (!res.ok) throw new Error(`emulator accounts:update: ${res.status} ${await res.text()}`);
  const signedIn = await identityToolkit<{ idToken: string }>('signInWithPassword', {
    email: account.email,
    password: account.password,
    returnSecureToken: true,
  });
  return signedIn.idToken;
}

/** Creates (or signs in) a Google account on the emulator with this display name, as its fake Google page would. */
export async function signInWithGoogleOnEmulator(displayName: string, email = `g${randomUUID().slice(0, 8)}@example.com`) {
  const claims = { sub: randomUUID().replace(/-/g, ''), email, email_verified: true, name: displayName };
  return identityToolkit<{ idToken: string; localId: string }>('signInWithIdp', {
    requestUri: 'http://localhost/',
    postBody: `providerId=google.com&id_token=${encodeURIComponent(JSON.stringify(claims))}`,
    returnSecureToken: true,
  });
}

/**
 * Revokes the user's refresh tokens on the emulator (sets `validSince`, as its import on restart
 * does): tokens first issued before `validSinceSeconds` (default: a second from now) no longer count.
 */
export async function revokeOnEmulator(uid: string, validSinceSeconds = Math.floor(Date.now() / 1000) + 1): Promise<void> {
  const url = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=${EMULATOR_KEY}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, validSince: String(validSinceSeconds) }),
  });
  if (!res.ok) throw new Error(`emulator accounts:update: ${res.status} ${await res.text()}`);
}

/**
 * Dates the identity's creation on the emulator at `at` (an admin update, as importing older users
 * does): its account, made at its first sign-in, starts then (server/services/session.service.ts).
 */
export async function identityCreatedOnEmulator(uid: string, at: Date): Promise<void> {
  const url = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=${EMULATOR_KEY}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, createdAt: String(at.getTime()) }),
  });
  if (!res.ok) throw new Error(`emulator accounts:update: ${res.status} ${await res.text()}`);
}

/** Signs up, verifies the e-mail (as an admin address must be) and opens a session. */
export async function signInVerified(app: FastifyInstance, email: string) {
  const account = await signUpOnEmulator(email);
  return { ...(await openSession(app, await verifyEmailOnEmulator(account))), account };
}

/** Signs a guest in anonymously on the emulator and opens a session (Cookie header and user). */
export async function signInAsGuest(app: FastifyInstance) {
  const res = await identityToolkit<{ idToken: string; localId: string }>('signUp', { returnSecureToken: true });
  return openSession(app, res.idToken);
}

/** The session cookie a successful POST /api/session set, as a Cookie header value. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!header) throw new Error('no Set-Cookie header');
  return header.split(';')[0]!;
}

/** Signs up on the emulator and opens a session; answers the Cookie header and the user. */
export async function signIn(app: FastifyInstance, email?: string) {
  const account = await signUpOnEmulator(email);
  return { ...(await openSession(app, account.idToken)), account };
}

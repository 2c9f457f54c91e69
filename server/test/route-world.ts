import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EMPTY_HEALTH_DETAILS } from '../../core/diary';
import type { Database } from '../db/database';
import { becomePremiumThroughWebhook, fakeStripe } from './fake-stripe';
import { signIn, signInAsGuest, signInVerified } from './helpers';
import { aiStandIn } from './moderation-stand-ins';
import { buildWithFiles, makeJpeg, putPoop, uniqueEmail } from './poop-helpers';

/**
 * Who calls: signed out, an anonymous guest, another user, another user who is premium, an admin
 * (not a reviewer), the admins who review stage 1, 2 and 3 (REVIEWER_EMAILS in that order), the
 * owner of the objects (premium too: the owner chats).
 */
export const ROLES = ['anonymous', 'guest', 'other', 'premium', 'admin', 'reviewer', 'reviewer2', 'reviewer3', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** The owner's objects a route's path parameters can name. */
export type TargetKind =
  | 'publicPost'
  | 'privatePost'
  | 'comment'
  | 'notification'
  | 'pushToken'
  | 'ownerUser'
  /** A premium user (subscribed through the Stripe stand-in) who chats with the owner. */
  | 'chatPeer'
  /** A message the chat peer sent the owner (its text is the secret). */
  | 'chatMessage'
  /** A league the owner made, with one more member (`leagueMate`); `leagueCodes` has its code. */
  | 'league'
  /** The invitation code of a league the owner made. */
  | 'leagueCode'
  /** A diary-only entry of the owner's (issue 43; its note carries the secret). */
  | 'diaryEntry'
  /** The owner's "Download my data" archive, built by its job and ready (issue 43). */
  | 'dataExport'
  | 'newId';

export interface Caller {
  cookie: string | undefined;
  uid: string | undefined;
}

/** A request beyond its path: query, a JSON or multipart body, headers. */
export interface RequestParts {
  query?: Record<string, string>;
  json?: unknown;
  multipart?: { payload: Buffer; headers: Record<string, string> };
  headers?: Record<string, string>;
}

export interface World {
  app: FastifyInstance;
  database: Database;
  files: () => string[];
  /** Where `files()` are (the app's DATA_DIR/files). */
  filesDir: string;
  callers: Record<Role, Caller>;
  ownerEmail: string;
  /** The owner's Stripe subscription id (the owner is premium, the way production makes one). */
  receipt: string;
  /**
   * Written only into the owner's private post (title), the chat peer's message to the owner and
   * the owner's health details (the public post's and a diary-only entry's notes): nobody else may ever read it.
   */
  secret: string;
  targets: Record<Exclude<TargetKind, 'newId'>, string>;
  /** A new object of that kind, owned by the owner (for calls that change or remove their target). */
  fresh(kind: TargetKind): Promise<string>;
  /** Leagues (issue 44): the member besides the owner in each of the owner's leagues, and each league's code. */
  leagueMate: string;
  leagueCodes: Map<string, string>;
  /** A session of a new account, for calls that end their caller's session or account. */
  freshCaller(role: Role): Promise<Caller>;
}

/** A browser's push keys: a P-256 public key and a 16-byte auth secret. */
export function pushKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

async function ok(res: { statusCode: number; body: string }, what: string, status = [200, 201, 204]) {
  if (!status.includes(res.statusCode)) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/**
 * One app with files on disk and its callers (ROLES), the owner holding a public post, a private post
 * (its title is the secret), a comment, a notification (the other user liked the public post), a
 * push subscription, an avatar, a premium subscription and a chat with a premium peer. Geocoding
 * points at a closed port: lookups fail fast, answered empty. Stripe and the AI provider are local
 * stand-ins speaking their wire formats; the three reviewers are admins too (REVIEWER_EMAILS).
 * The owner is the premium caller, `other` the non-premium one; admins are premium by rule.
 */
export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  // Spare admin addresses, for calls that end their caller's session or account.
  const adminEmails = Array.from({ length: 12 }, () => uniqueEmail('admin'));
  const adminEmail = adminEmails.shift()!;
  // The reviewers of stage 1, 2 and 3 (admins too): a stage is a place in REVIEWER_EMAILS, so each
  // has one address, and a call that ends a reviewer's session or account is made by a spare admin.
  const reviewerEmails = [uniqueEmail('reviewer'), uniqueEmail('reviewer'), uniqueEmail('reviewer')];
  const stripe = await fakeStripe();
  // Answers every screening with the posts' own type, confidently: no post gets flagged.
  const ai = await aiStandIn(() => 'ok', 'Type 4');
  const { app, database, files, filesDir } = await buildWithFiles({
    ADMIN_EMAILS: [adminEmail, ...adminEmails, ...reviewerEmails].join(','),
    REVIEWER_EMAILS: reviewerEmails.join(','),
    NOMINATIM_URL: 'http://127.0.0.1:9',
    AI_BASE_URL: ai.url,
    AI_MODEL: 'test-model',
    ...stripe.env,
    // The chat push to an absent recipient is written a while after a message, in the background:
    // not during the calls whose writes the fuzzer counts (chat.test.ts tests that push).
    CHAT_PUSH_DELAY_MS: String(60 * 60_000),
    ...env,
  });
  const ownerEmail = uniqueEmail('owner');
  const secret = `secret-${randomUUID()}`;
  const owner = await signIn(app, ownerEmail);
  const other = await signIn(app);
  const admin = await signInVerified(app, adminEmail);
  const guest = await signInAsGuest(app);
  const [reviewer, reviewer2, reviewer3] = await Promise.all(reviewerEmails.map((email) => signInVerified(app, email)));
  const premiumUser = async () => {
    const user = await signIn(app);
    await becomePremiumThroughWebhook(app, stripe, user.user.uid);
    return { cookie: user.cookie, uid: user.user.uid };
  };
  const callers: Record<Role, Caller> = {
    anonymous: { cookie: undefined, uid: undefined },
    guest: { cookie: guest.cookie, uid: guest.user.uid },
    other: { cookie: other.cookie, uid: other.user.uid },
    premium: await premiumUser(),
    admin: { cookie: admin.cookie, uid: admin.user.uid },
    reviewer: { cookie: reviewer!.cookie, uid: reviewer!.user.uid },
    reviewer2: { cookie: reviewer2!.cookie, uid: reviewer2!.user.uid },
    reviewer3: { cookie: reviewer3!.cookie, uid: reviewer3!.user.uid },
    owner: { cookie: owner.cookie, uid: owner.user.uid },
  };

  const post = async (fields: { private?: boolean; title?: string } = {}) => {
    const id = randomUUID();
    await ok(await putPoop(app, owner.cookie, id, { title: 'A public post', ...fields }), 'post');
    return id;
  };
  const comment = async () => {
    const id = randomUUID();
    const res = await app.inject({
      method: 'POST',
      url: `/api/poops/${targets.publicPost}/comments`,
      headers: { cookie: owner.cookie },
      payload: { id, text: 'a comment by the owner' },
    });
    await ok(res, 'comment');
    return id;
  };
  const notification = async () => {
    // A new follower each time: one notification per event.
    const follower = await signIn(app);
    await ok(
      await app.inject({ method: 'PUT', url: `/api/users/${owner.user.uid}/follow`, headers: { cookie: follower.cookie } }),
      'follow',
    );
    const { rows } = await database.executeSql(`SELECT id FROM notifications WHERE uid = $1 AND actor_uid = $2`, [
      owner.user.uid,
      follower.user.uid,
    ]);
    return String((rows[0] as { id: string }).id);
  };
  const pushToken = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: owner.cookie },
      payload: { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: pushKeys() },
    });
    await ok(res, 'push subscription');
    return res.json<{ token: string }>().token;
  };

  const { subscriptionId: receipt } = await becomePremiumThroughWebhook(app, stripe, owner.user.uid);
  const peer = await premiumUser();
  const chatMessage = async () => {
    const id = randomUUID();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/chat/with/${owner.user.uid}/messages/${id}`,
      headers: { cookie: peer.cookie },
      payload: { body: `for the owner only: ${secret}` },
    });
    await ok(res, 'chat message');
    return id;
  };

  // Leagues (issue 44): the owner's league, which one more user (the mate) joined with its code.
  const mate = await signIn(app);
  const leagueCodes = new Map<string, string>();
  // The shared target stays; every fresh league first drops the owner's earlier fresh ones, since one
  // owner may hold only LEAGUE_MAX_OWNED leagues and the mate join only LEAGUE_MAX_JOINED (issue 61).
  const sharedLeagues: string[] = [];
  const league = async () => {
    await database.executeSql(`DELETE FROM leagues WHERE owner_uid = $1 AND NOT (id = ANY($2::uuid[]))`, [owner.user.uid, sharedLeagues]);
    const id = randomUUID();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/leagues/${id}`,
      headers: { cookie: owner.cookie },
      payload: { name: 'Owner league' },
    });
    await ok(res, 'league');
    const { code } = res.json<{ league: { code: string } }>().league;
    await ok(await app.inject({ method: 'PUT', url: `/api/leagues/join/${code}`, headers: { cookie: mate.cookie } }), 'league join');
    leagueCodes.set(id, code);
    return id;
  };
  const leagueCode = async () => leagueCodes.get(await league())!;
  const diaryEntry = async () => {
    const id = randomUUID();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/me/diary/${id}`,
      headers: { cookie: owner.cookie },
      payload: {
        type: 'Type 3',
        occurredAt: new Date().toISOString(),
        details: { ...EMPTY_HEALTH_DETAILS, pain: 7, note: `diary ${secret}` },
      },
    });
    await ok(res, 'diary entry');
    return id;
  };
  const dataExport = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/me/exports', headers: { cookie: owner.cookie } });
    await ok(res, 'data export', [202]);
    const id = res.json<{ export: { id: string } }>().export.id;
    // The archive is built by its background job.
    for (let waited = 0; waited < 30_000; waited += 200) {
      const { rows } = await database.executeSql(`SELECT status FROM data_exports WHERE id = $1`, [id]);
      if ((rows[0] as { status: string } | undefined)?.status === 'ready') return id;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the data export was not ready within 30 s');
  };

  const targets = {} as World['targets'];
  targets.publicPost = await post();
  targets.privatePost = await post({ private: true, title: secret });
  await ok(
    await app.inject({
      method: 'PUT',
      url: `/api/poops/${targets.publicPost}/health`,
      headers: { cookie: owner.cookie },
      payload: { ...EMPTY_HEALTH_DETAILS, blood: true, colour: 'black', note: `health ${secret}` },
    }),
    'health details',
  );
  targets.diaryEntry = await diaryEntry();
  targets.comment = await comment();
  targets.notification = await notification();
  targets.pushToken = await pushToken();
  targets.ownerUser = owner.user.uid;
  targets.chatPeer = peer.uid!;
  targets.chatMessage = await chatMessage();
  targets.league = await league();
  sharedLeagues.push(targets.league);
  targets.leagueCode = leagueCodes.get(targets.league)!;
  // Every account made a doctor report: "First report" (a health achievement, hidden unless shown) is each one's own.
  for (const role of ROLES) {
    const { cookie } = callers[role];
    if (cookie && role !== 'guest') {
      await ok(await app.inject({ method: 'POST', url: '/api/me/achievements/report-made', headers: { cookie } }), 'report made');
    }
  }
  targets.dataExport = await dataExport();
  const avatarBody = await avatarMultipart();
  await ok(
    await app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { cookie: owner.cookie, ...avatarBody.headers },
      payload: avatarBody.payload,
    }),
    'avatar',
  );

  return {
    app,
    database,
    files,
    filesDir,
    callers,
    ownerEmail,
    receipt,
    secret,
    targets,
    leagueMate: mate.user.uid,
    leagueCodes,
    async fresh(kind) {
      switch (kind) {
        case 'publicPost':
          return post();
        case 'privatePost':
          return post({ private: true, title: secret });
        case 'comment':
          return comment();
        case 'notification':
          return notification();
        case 'pushToken':
          return pushToken();
        case 'ownerUser':
          return owner.user.uid;
        case 'chatPeer':
          return (await premiumUser()).uid!;
        case 'chatMessage':
          return chatMessage();
        case 'league':
          return league();
        case 'leagueCode':
          return leagueCode();
        case 'diaryEntry':
          return diaryEntry();
        case 'dataExport':
          return dataExport();
        case 'newId':
          return randomUUID();
      }
    },
    async freshCaller(role) {
      switch (role) {
        case 'anonymous':
          return callers.anonymous;
        case 'guest': {
          const session = await signInAsGuest(app);
          return { cookie: session.cookie, uid: session.user.uid };
        }
        case 'admin':
        case 'reviewer':
        case 'reviewer2':
        case 'reviewer3': {
          const email = adminEmails.shift();
          if (!email) throw new Error('no spare admin address left: add one in buildWorld');
          const session = await signInVerified(app, email);
          return { cookie: session.cookie, uid: session.user.uid };
        }
        case 'premium':
          return premiumUser();
        default: {
          const session = await signIn(app);
          return { cookie: session.cookie, uid: session.user.uid };
        }
      }
    },
  };
}

/** PUT /api/me/avatar's body: a small JPEG in the field `avatar`. */
export async function avatarMultipart() {
  const form = new FormData();
  form.append('avatar', new Blob([await makeJpeg()], { type: 'image/jpeg' }), 'avatar.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

/** Row counts of every table in the app's schema: a 4xx must leave them all as they were. */
export async function rowCounts(world: World): Promise<Record<string, number>> {
  const { rows } = await world.database.executeSql(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  const names = (rows as Array<{ tablename: string }>).map((r) => r.tablename);
  const select = names.map((n) => `(SELECT count(*) FROM "${n}") AS "${n}"`).join(', ');
  const counts = (await world.database.executeSql(`SELECT ${select}`)).rows[0] as Record<string, string | number>;
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)]));
}

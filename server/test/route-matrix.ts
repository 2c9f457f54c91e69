import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { EMPTY_HEALTH_DETAILS } from '../../core/diary';
import { signUpOnEmulator } from './helpers';
import { stripeEvent, webhookSignature } from './fake-stripe';
import { makeJpeg, multipartBody, scalar } from './poop-helpers';
import { avatarMultipart, pushKeys, type Caller, type RequestParts, type Role, type TargetKind, type World } from './route-world';

/**
 * What every route answers to each caller: the authorization matrix (authorization-matrix.test.ts)
 * and the fuzzer (route-fuzz.test.ts) walk Fastify's route table and look each route up here, so
 * a route added without an entry fails both, naming itself.
 *
 * To add a route: a key `'METHOD /url'` as registered (`:param` syntax), with
 * - `target`: which of the owner's objects its path parameters name (`route-world.ts` makes them;
 *   add a kind there for a new resource). Every `:param` gets that object's id unless `params` says otherwise
 *   (a function of the world when the value is only known once it is built, or must be new on each call).
 * - `request`: a valid request beyond the path (query, JSON body, multipart), as the app sends it.
 * - `expect`: the status each caller gets: `anonymous` (no session), `guest` (an anonymous
 *   Firebase session), `other` (another user acting on the owner's object), `premium` (another user,
 *   subscribed; unless given, as `other`), `admin` (ADMIN_EMAILS, verified), `reviewer`, `reviewer2`
 *   and `reviewer3` (the admins in REVIEWER_EMAILS who review stage 1, 2 and 3; unless given,
 *   `reviewer` as `admin` and the later stages as `reviewer`), `owner` (subscribed too). Calls run in that
 *   order on the same object unless `fresh` is set.
 * - `fresh: 'target'` when a call changes or removes its object (each caller gets a new one),
 *   `fresh: 'caller'` when it ends its caller's session or account (each caller is a new account).
 * - `intact`: for writes, a check that the owner's object is unchanged after the callers who must
 *   not touch it (every role whose expected status is not 2xx, plus `strangersNoop` roles).
 * HEAD routes Fastify adds beside each GET answer as the GET does and are checked with it.
 */
export interface RouteAccess {
  target?: TargetKind;
  params?: Record<string, string> | ((world: World) => Record<string, string>);
  request?: (world: World, caller: Caller) => RequestParts | Promise<RequestParts>;
  expect: Record<Role, number>;
  fresh?: 'target' | 'caller';
  /** Callers whose 2xx must still leave the owner's object as it was (idempotent no-ops on someone else's). */
  strangersNoop?: Role[];
  intact?: (world: World, id: string) => Promise<boolean>;
  /** The object the fuzzer's calls name when not `target` (a new id for a create, so a replay's answer does not hide the validation). */
  fuzzTarget?: TargetKind;
  /** Not ours: its errors come in someone else's format (the Auth emulator's), not our envelope. */
  foreign?: boolean;
}

/**
 * Statuses in the order anonymous, guest, other, admin, owner; unless `more` says, premium answers
 * as other, the stage-1 reviewer as admin and the later stages' reviewers as the stage-1 reviewer.
 */
function by(
  anonymous: number,
  guest: number,
  other: number,
  admin: number,
  owner: number,
  more: Partial<Record<'premium' | 'reviewer' | 'reviewer2' | 'reviewer3', number>> = {},
): Record<Role, number> {
  const reviewer = more.reviewer ?? admin;
  return {
    anonymous,
    guest,
    other,
    premium: more.premium ?? other,
    admin,
    reviewer,
    reviewer2: more.reviewer2 ?? reviewer,
    reviewer3: more.reviewer3 ?? reviewer,
    owner,
  };
}
const everyone = (status: number) => by(status, status, status, status, status);
/** A session of any kind (guests included); 401 without. */
const session = (status: number) => by(401, status, status, status, status);
/** A real account; 401 signed out, 403 for a guest. */
const account = (status: number) => by(401, 403, status, status, status);

/** Admins only (moderation): 403 for every signed-in non-admin, premium or not. */
const adminOnly = (status: number) => by(401, 403, 403, status, 403);
/** Premium only (chat): 403 premium_required for `other` (not premium); premium and the owner subscribed, admins are premium by rule. */
const premiumOnly = (status: number) => by(401, 403, 403, status, status, { premium: status });

/** The owner's post as it was made: no moderator or reviewer touched it. */
const unmoderated = (world: World, id: string) =>
  scalar(
    world.database,
    sql`SELECT count(*) AS n FROM poops WHERE id = ${id} AND type = 'Type 4' AND status = 'approved' AND NOT verified AND first_verification = ''`,
  ).then((n) => n === 1);

/** A Stripe event no user's state depends on, signed as Stripe signs it. */
function signedWebhook(): RequestParts {
  const payload = stripeEvent('invoice.created', { id: `in_${randomUUID()}`, object: 'invoice' }, Math.floor(Date.now() / 1000));
  return { json: payload, headers: { 'content-type': 'application/json', 'stripe-signature': webhookSignature(payload) } };
}

const postExists = (world: World, id: string) =>
  scalar(world.database, sql`SELECT count(*) AS n FROM poops WHERE id = ${id} AND NOT deleted`).then((n) => n === 1);

export const ROUTE_MATRIX: Record<string, RouteAccess> = {
  'GET /api/health': { expect: everyone(200) },
  'GET /api/ready': { expect: everyone(200) },
  'GET /api/config': { expect: everyone(200) },
  'GET /api/push/public-key': { expect: everyone(200) },
  'POST /api/push/subscriptions': {
    request: () => ({ json: { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: pushKeys() } }),
    expect: session(200),
  },
  'DELETE /api/push/subscriptions/:token': {
    target: 'pushToken',
    fresh: 'target',
    expect: session(204),
    strangersNoop: ['guest', 'other', 'premium', 'admin', 'reviewer', 'reviewer2', 'reviewer3'],
    intact: (world, token) =>
      scalar(world.database, sql`SELECT count(*) AS n FROM push_subscriptions WHERE id = ${token}`).then((n) => n === 1),
  },
  'POST /api/push/subscriptions/unsubscribe': {
    request: () => ({ json: { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}` } }),
    expect: session(204),
  },
  'POST /api/session': {
    request: async () => ({ json: { idToken: (await signUpOnEmulator()).idToken } }),
    expect: everyone(200),
  },
  'DELETE /api/session': { fresh: 'caller', expect: session(204) },
  'GET /api/me': { expect: session(200) },
  'PATCH /api/me': { request: () => ({ json: { alwaysView: true } }), expect: session(200) },
  'DELETE /api/me': { fresh: 'caller', expect: session(200) },
  'GET /api/me/activity': { expect: session(200) },
  'GET /api/me/stats': { expect: session(200) },
  'GET /api/me/username-available': { request: () => ({ query: { username: 'Fresh.Name_1' } }), expect: session(200) },
  // The health diary (issue 43): each caller reads only their own.
  // Download my data (issue 43): each caller asks for their own; the archive only for its owner (404 for anyone else).
  // The owner made an archive while the world was built: a second within the hour is refused (429).
  'POST /api/me/exports': { expect: by(401, 202, 202, 202, 429) },
  'GET /api/me/exports': { expect: session(200) },
  'GET /api/me/exports/:id/download': { target: 'dataExport', expect: by(401, 404, 404, 404, 200) },
  'GET /api/me/diary': { request: () => ({ query: { from: '2026-11-01', to: '2026-11-14', tz: 'Europe/Paris' } }), expect: session(200) },
  'PUT /api/me/avatar': { request: async () => ({ multipart: await avatarMultipart() }), expect: session(200) },
  'GET /api/notifications': { expect: session(200) },
  'GET /api/notifications/unread-count': { expect: session(200) },
  'POST /api/notifications/read-all': { expect: session(200) },
  // Marking what the list showed: someone else's ids are ignored (200, nothing changed).
  'POST /api/notifications/read': {
    target: 'notification',
    request: (world) => ({ json: { ids: [world.targets.notification] } }),
    expect: session(200),
    strangersNoop: ['guest', 'other', 'premium', 'admin', 'reviewer', 'reviewer2', 'reviewer3'],
    intact: (world, id) =>
      scalar(world.database, sql`SELECT count(*) AS n FROM notifications WHERE id = ${id} AND NOT is_read`).then((n) => n === 1),
  },
  'POST /api/notifications/:id/read': {
    target: 'notification',
    fresh: 'target',
    expect: by(401, 404, 404, 404, 200),
    intact: (world, id) =>
      scalar(world.database, sql`SELECT count(*) AS n FROM notifications WHERE id = ${id} AND NOT is_read`).then((n) => n === 1),
  },
  'PUT /api/poops/:id': {
    target: 'publicPost',
    fuzzTarget: 'newId',
    request: async () => ({ multipart: await multipartBody({ type: 'Type 4', title: 'Overwritten?' }) }),
    expect: by(401, 403, 409, 409, 200),
    intact: (world, id) =>
      scalar(world.database, sql`SELECT count(*) AS n FROM poops WHERE id = ${id} AND title = 'A public post'`).then((n) => n === 1),
  },
  'GET /api/poops/:id': { target: 'privatePost', expect: by(404, 404, 404, 200, 200) },
  'PATCH /api/poops/:id': {
    target: 'privatePost',
    fresh: 'target',
    request: () => ({ json: { description: 'changed' } }),
    expect: by(401, 404, 404, 403, 200),
    intact: (world, id) =>
      scalar(world.database, sql`SELECT count(*) AS n FROM poops WHERE id = ${id} AND description = ''`).then((n) => n === 1),
  },
  'DELETE /api/poops/:id': { target: 'privatePost', fresh: 'target', expect: by(401, 404, 404, 204, 204), intact: postExists },
  'GET /api/poops/feed': { expect: everyone(200) },
  'GET /api/poops/most-liked': { expect: everyone(200) },
  'GET /api/users/:uid/poops': { target: 'ownerUser', expect: everyone(200) },
  'PUT /api/poops/:id/like': { target: 'privatePost', expect: by(401, 403, 404, 200, 200) },
  'DELETE /api/poops/:id/like': { target: 'privatePost', expect: by(401, 403, 404, 200, 200) },
  'PUT /api/comments/:id/like': { target: 'comment', expect: account(200) },
  'DELETE /api/comments/:id/like': { target: 'comment', expect: account(200) },
  'GET /api/poops/:id/comments': { target: 'privatePost', expect: by(404, 404, 404, 200, 200) },
  'POST /api/poops/:id/comments': {
    target: 'privatePost',
    request: () => ({ json: { id: randomUUID(), text: 'hello' } }),
    expect: by(401, 403, 404, 201, 201),
  },
  'DELETE /api/comments/:id': {
    target: 'comment',
    fresh: 'target',
    expect: by(401, 403, 403, 204, 204),
    intact: (world, id) => scalar(world.database, sql`SELECT count(*) AS n FROM comments WHERE id = ${id}`).then((n) => n === 1),
  },
  'GET /api/media/poops/:id/:variant': { target: 'privatePost', params: { variant: 'display' }, expect: by(404, 404, 404, 200, 200) },
  'GET /api/media/users/:uid/avatar': { target: 'ownerUser', expect: everyone(200) },
  'GET /api/geocode/reverse': { request: () => ({ query: { lat: '48.85', lon: '2.35' } }), expect: session(200) },
  'GET /api/map': { request: () => ({ query: { west: '-10', south: '-10', east: '10', north: '10' } }), expect: session(200) },
  'GET /api/map/places': { request: () => ({}), expect: session(200) },
  'POST /api/support': { request: () => ({ json: { id: randomUUID(), message: 'help' } }), expect: session(200) },
  'PUT /api/users/:uid/follow': { target: 'ownerUser', expect: by(401, 403, 200, 200, 400) },
  'DELETE /api/users/:uid/follow': { target: 'ownerUser', expect: by(401, 403, 200, 200, 400) },
  'GET /api/users/most-followed': { expect: everyone(200) },
  'GET /api/users/search': { request: () => ({ query: { q: 'a' } }), expect: everyone(200) },
  'GET /api/users/:uid': { target: 'ownerUser', expect: everyone(200) },
  'GET /api/users/:uid/followers': { target: 'ownerUser', expect: everyone(200) },
  'GET /api/users/:uid/followings': { target: 'ownerUser', expect: everyone(200) },
  'GET /api/leaderboards': { expect: everyone(200) },
  'POST /api/vitals': {
    request: () => ({ json: { page: 'feed', installed: false, metrics: [{ name: 'LCP', value: 1200 }] } }),
    expect: everyone(204),
  },
  'GET /api/vitals': { expect: everyone(200) },

  // Moderation (issue 24): admins only. Each write acts on a new public post of the owner's.
  // An admin who is no reviewer sees an empty Type Picker (stage null) and may not record a stage;
  // a new post waits for stage 1, so the reviewers of stages 2 and 3 are told it is not theirs yet (409).
  'GET /api/admin/verification': { expect: adminOnly(200) },
  'POST /api/admin/verification/:id': {
    target: 'publicPost',
    fresh: 'target',
    request: () => ({ json: { type: 'Type 4' } }),
    expect: by(401, 403, 403, 403, 403, { reviewer: 200, reviewer2: 409, reviewer3: 409 }),
    intact: unmoderated,
  },
  'GET /api/admin/review': { expect: adminOnly(200) },
  'POST /api/admin/poops/:id/review': {
    target: 'publicPost',
    fresh: 'target',
    request: () => ({ json: { decision: 'deny' } }),
    expect: adminOnly(200),
    intact: unmoderated,
  },
  'POST /api/admin/poops/:id/type': {
    target: 'publicPost',
    fresh: 'target',
    request: () => ({ json: { type: 'Type 2' } }),
    expect: adminOnly(200),
    intact: unmoderated,
  },
  'POST /api/admin/poops/:id/verified': { target: 'publicPost', fresh: 'target', expect: adminOnly(200), intact: unmoderated },
  'GET /api/admin/unverified': { expect: adminOnly(200) },
  'GET /api/admin/overview': { expect: adminOnly(200) },
  'GET /api/admin/report': { expect: adminOnly(200) },
  'POST /api/requestChatGptResponseWithStructuredData': {
    request: async () => ({ json: { base64Image: (await makeJpeg()).toString('base64') } }),
    expect: adminOnly(200),
  },
  'POST /api/saveImageToDrive': {
    request: (world) => ({ json: { downloadUrl: `/api/media/poops/${world.targets.publicPost}/display`, type: 'Type 4' } }),
    expect: adminOnly(200),
  },

  // Premium (issue 25), against the Stripe stand-in. The subscription routes act on the caller's own account.
  'GET /api/premium/plan': { expect: everyone(200) },
  'POST /api/premium/checkout': { expect: account(200) },
  // Only a user who has subscribed has a billing portal to manage.
  'POST /api/premium/portal': { expect: by(401, 403, 400, 400, 200, { premium: 200 }) },
  // The receipt is the owner's subscription: nobody else may validate it.
  'POST /api/validateStripeReceipt': { request: (world) => ({ json: { receiptId: world.receipt } }), expect: by(401, 403, 403, 403, 200) },
  // Stripe calls it without a session: the signature is the authorization.
  'POST /api/stripe/webhook': { request: signedWebhook, expect: everyone(200) },

  // Chat (issue 25): premium only. A conversation is named by the peer's uid, so a caller only ever
  // reads their own with that peer; the owner's (its message is the secret) stays the owner's.
  'GET /api/chat/conversations': { expect: premiumOnly(200) },
  'GET /api/chat/with/:uid': { target: 'chatPeer', expect: premiumOnly(200) },
  'GET /api/chat/with/:uid/messages': { target: 'chatPeer', expect: premiumOnly(200) },
  'PUT /api/chat/with/:uid/messages/:messageId': {
    target: 'chatPeer',
    params: () => ({ messageId: randomUUID() }),
    request: () => ({ json: { body: 'hello' } }),
    expect: premiumOnly(200),
  },
  'PUT /api/chat/with/:uid/read': { target: 'chatPeer', expect: premiumOnly(200) },
  // Blocking is open to every account (a safety tool, also after premium ends); each caller blocks a new peer.
  'PUT /api/chat/blocks/:uid': { target: 'chatPeer', fresh: 'target', expect: account(200) },
  'DELETE /api/chat/blocks/:uid': { target: 'chatPeer', fresh: 'target', expect: account(200) },
  // Only the recipient reports a message; to anyone else it does not exist.
  'POST /api/chat/messages/:messageId/report': {
    target: 'chatMessage',
    request: () => ({ json: { reason: 'spam' } }),
    expect: by(401, 403, 404, 404, 200),
  },
  // --- Streak habits (issue 44): each caller's own streak; a freeze bought under a new client id.
  'GET /api/streak': { expect: session(200) },
  'PUT /api/streak/freezes/:id': { params: () => ({ id: randomUUID() }), request: () => ({ json: {} }), expect: session(201) },
  'PATCH /api/streak/settings': { request: () => ({ json: { reminders: false } }), expect: session(200) },
  'POST /api/streak/reminder/snooze': { expect: session(200) },
  // The WebSocket handshake's route, called as a plain GET (no Upgrade): the session and premium
  // checks answer first; past them a plain GET is not a WebSocket: 426 Upgrade Required.
  // chat.test.ts opens the real socket.
  'GET /api/chat/socket': { expect: premiumOnly(426) },

  // Leagues (issue 44): accounts only. A league is seen by its members only (404 to anyone else,
  // admins included: a league's board is between friends); the owner alone removes and rotates.
  'GET /api/leagues': { expect: account(200) },
  'PUT /api/leagues/:id': {
    target: 'newId',
    fresh: 'target',
    fuzzTarget: 'newId',
    request: () => ({ json: { name: 'Friends' } }),
    expect: account(201),
  },
  'GET /api/leagues/:id': { target: 'league', expect: by(401, 403, 404, 404, 200) },
  'GET /api/leagues/join/:code': { target: 'leagueCode', expect: account(200) },
  // Each caller joins a new league of the owner's (the owner is in it already: no change).
  'PUT /api/leagues/join/:code': {
    target: 'leagueCode',
    fresh: 'target',
    expect: account(200),
    intact: (world, code) =>
      scalar(
        world.database,
        sql`SELECT count(*) AS n FROM league_members m JOIN leagues l ON l.id = m.league_id WHERE l.code = ${code}`,
      ).then((n) => n === 2),
  },
  // Leaving a league one is not in changes nothing (a replay after leaving answers the same).
  'DELETE /api/leagues/:id/membership': {
    target: 'league',
    fresh: 'target',
    expect: account(204),
    strangersNoop: ['other', 'premium', 'admin', 'reviewer', 'reviewer2', 'reviewer3'],
    intact: (world, id) =>
      scalar(world.database, sql`SELECT count(*) AS n FROM league_members WHERE league_id = ${id}`).then((n) => n === 2),
  },
  'DELETE /api/leagues/:id/members/:uid': {
    target: 'league',
    fresh: 'target',
    params: (world) => ({ uid: world.leagueMate }),
    expect: by(401, 403, 404, 404, 204),
    intact: (world, id) =>
      scalar(world.database, sql`SELECT count(*) AS n FROM league_members WHERE league_id = ${id} AND uid = ${world.leagueMate}`).then(
        (n) => n === 1,
      ),
  },
  'POST /api/leagues/:id/code': {
    target: 'league',
    fresh: 'target',
    expect: by(401, 403, 404, 404, 200),
    intact: (world, id) =>
      scalar(world.database, sql`SELECT count(*) AS n FROM leagues WHERE id = ${id} AND code = ${world.leagueCodes.get(id) ?? ''}`).then(
        (n) => n === 1,
      ),
  },
  // Achievements (issue 44): each caller's own (every account earned "First report" in buildWorld).
  'GET /api/me/achievements': { expect: account(200) },
  'PUT /api/me/achievements/:key/shown': {
    params: { key: 'first_report' },
    request: () => ({ json: { shown: false } }),
    expect: account(200),
  },
  'POST /api/me/achievements/report-made': { expect: account(200) },

  // Not the product's API, the same for everyone: the OpenAPI document and its UI (@fastify/swagger-ui),
  // and the Auth emulator's sign-in page proxy (registered only when FIREBASE_AUTH_EMULATOR_HOST is set).
  // The health diary (issue 43): the author's alone. Anyone else, admins and reviewers included,
  // gets the same 404 as for a post that is not there; deleting someone else's entry is a no-op.
  'GET /api/poops/:id/health': { target: 'publicPost', expect: by(401, 403, 404, 404, 200) },
  'PUT /api/poops/:id/health': {
    target: 'publicPost',
    fresh: 'target',
    request: () => ({ json: { ...EMPTY_HEALTH_DETAILS, note: 'changed' } }),
    expect: by(401, 403, 404, 404, 200),
    intact: (world, id) =>
      scalar(world.database, sql`SELECT count(*) AS n FROM health_entries WHERE poop_id = ${id} AND note = 'changed'`).then((n) => n === 0),
  },
  'PUT /api/me/diary/:id': {
    params: () => ({ id: randomUUID() }),
    fuzzTarget: 'newId',
    request: () => ({ json: { type: 'Type 4', occurredAt: new Date().toISOString(), details: EMPTY_HEALTH_DETAILS } }),
    expect: account(201),
  },
  'DELETE /api/me/diary/:id': {
    target: 'diaryEntry',
    fresh: 'target',
    expect: account(204),
    strangersNoop: ['other', 'premium', 'admin', 'reviewer', 'reviewer2', 'reviewer3'],
    intact: (world, id) => scalar(world.database, sql`SELECT count(*) AS n FROM health_entries WHERE id = ${id}`).then((n) => n === 1),
  },

  'GET /api/docs': { expect: everyone(200) },
  'HEAD /api/docs/': { expect: everyone(200) },
  'GET /api/docs/json': { expect: everyone(200) },
  'GET /api/docs/yaml': { expect: everyone(200) },
  'GET /api/docs/static/*': { params: { '*': 'index.css' }, expect: everyone(200) },
  'GET /api/docs/static/index.html': { expect: everyone(302) },
  'GET /api/docs/static/swagger-initializer.js': { expect: everyone(200) },
  'GET /api/auth-emulator/handler': { expect: everyone(400), foreign: true },
};

/** The route table's API routes, keyed 'METHOD /url' (HEAD twins of GET routes answered as the GET). */
export function apiRoutes(world: World): string[] {
  const keys = world.app.routeTable.filter((r) => r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
  const gets = new Set(keys.filter((k) => k.startsWith('GET ')).map((k) => k.slice(4)));
  return [...new Set(keys)].filter((k) => !(k.startsWith('HEAD ') && gets.has(k.slice(5)))).sort();
}

/** The path parameters an entry names itself (a function's are made anew on each call). */
export function paramsOf(world: World, access: Pick<RouteAccess, 'params'>): Record<string, string> | undefined {
  return typeof access.params === 'function' ? access.params(world) : access.params;
}

/** '/api/poops/:id/like' with its parameters filled: each the target's id unless the entry names it. */
export function fillPath(url: string, access: { params?: Record<string, string> }, targetId: string | undefined): string {
  return url.replace(/:([A-Za-z0-9_]+)|\*$/g, (match, name: string | undefined) => {
    const value = access.params?.[name ?? match] ?? targetId;
    if (value === undefined) throw new Error(`${url}: no value for ${match} (give the entry a target or params)`);
    return encodeURIComponent(value);
  });
}

/** Sends one call the way the app would. */
export async function call(world: World, method: string, url: string, caller: Caller, access: RouteAccess, targetId: string | undefined) {
  const parts = (await access.request?.(world, caller)) ?? {};
  const query = parts.query ? `?${new URLSearchParams(parts.query).toString()}` : '';
  const headers: Record<string, string> = { ...parts.headers, ...(caller.cookie ? { cookie: caller.cookie } : {}) };
  if (parts.multipart) Object.assign(headers, parts.multipart.headers);
  return world.app.inject({
    method: method as 'GET',
    url: `${fillPath(url, { params: paramsOf(world, access) }, targetId)}${query}`,
    headers,
    ...(parts.multipart ? { payload: parts.multipart.payload } : parts.json !== undefined ? { payload: parts.json as object } : {}),
  });
}

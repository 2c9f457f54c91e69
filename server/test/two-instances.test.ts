import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { describe, expect, it, onTestFinished } from 'vitest';
import { GEOCODE_MIN_INTERVAL_MS } from '../../core/constants';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { buildOn, openTestDatabase, signIn } from './helpers';
import WebSocket from 'ws';
import { becomePremiumThroughWebhook, fakeStripe } from './fake-stripe';
import { freeLoopbackPort } from './loopback-port';
import { multipartBody, scalar } from './poop-helpers';
import { s3Server } from './s3-server';
import { until } from './poll';

/**
 * Two API servers on one database and one bucket, as behind a load balancer: PostgreSQL
 * (TEST_DATABASE_URL) gives each server its own pool and LISTEN connection on one schema, both
 * migrating at once; PGlite (one process owns it) gives both the same handle.
 * The bucket is a real S3-compatible server on loopback (s3rver).
 */
async function sharedDatabase(): Promise<[Database, Database]> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openTestDatabase();
    onTestFinished(() => database.close());
    return [database, database];
  }
  const schemaName = `t_${randomUUID().replace(/-/g, '')}`;
  // Opened one after the other: a test schema is created on open (CREATE SCHEMA IF NOT EXISTS races);
  // servers use the database's own schema. Migrating runs at once, under the lock.
  const first = await openDatabase({ url, schemaName });
  const handles = [first, await openDatabase({ url, schemaName })] as const;
  await Promise.all(handles.map((h) => migrate(h)));
  onTestFinished(async () => {
    await Promise.all(handles.map((h) => h.close()));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schemaName} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${schemaName}_jobs CASCADE`);
    await admin.end();
  });
  return [handles[0], handles[1]];
}

/** A push service on loopback counting what it receives per device. */
async function pushService() {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.url ?? '');
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

/** Opens the chat socket on `app` (listening on a loopback port) as a browser would, collecting what arrives. */
async function chatSocket(app: FastifyInstance, cookie: string) {
  if (!app.server.listening) await app.listen({ port: await freeLoopbackPort(4400, 50), host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/chat/socket`, { headers: { cookie, origin: `http://127.0.0.1:${port}` } });
  const received: Array<{ type: string; message?: { id: string; body: string; senderUid: string } }> = [];
  socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8'))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  onTestFinished(() => socket.close());
  return received;
}

const ok = (res: { statusCode: number; body: string }, what: string) => {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
};

describe('two servers on one database and one bucket', () => {
  it('a mixed workload alternating between them: counts equal rows, one post per id, chat live across servers, every push job ran once', async () => {
    const [databaseA, databaseB] = await sharedDatabase();
    const bucket = await s3Server('plop-shared');
    const stripe = await fakeStripe();
    const vapid = webpush.generateVAPIDKeys();
    const instance = async (database: Database) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-instance-'));
      onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const { app } = await buildOn(database, {
        env: {
          DATA_DIR: dataDir,
          ...stripe.env,
          S3_BUCKET: bucket.bucket,
          S3_ENDPOINT: bucket.endpoint,
          S3_ACCESS_KEY_ID: bucket.accessKeyId,
          S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
          // An unread chat message becomes a notification (and a push) this soon, on the sending server.
          CHAT_PUSH_DELAY_MS: '300',
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
          WEB_PUSH_ALLOW_HTTP: '1',
          JOBS_POLL_MS: '200',
          RATE_LIMIT_MAX: '0',
        },
      });
      return app;
    };
    const servers = [await instance(databaseA), await instance(databaseB)];
    const [a, b] = servers as [FastifyInstance, FastifyInstance];
    const database = databaseA;
    const push = await pushService();

    // Three users signed in through `a`: their sessions work on `b` too (sessions live in the database).
    const users = [await signIn(a), await signIn(a), await signIn(a)];
    for (const [i, user] of users.entries()) {
      const server = servers[i % 2]!;
      expect((await server.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).json().user.uid).toBe(
        user.user.uid,
      );
      ok(
        await server.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: user.cookie }, payload: { enableNotifications: true } }),
        'settings',
      );
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      ok(
        await servers[(i + 1) % 2]!.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: { cookie: user.cookie },
          payload: { endpoint: `${push.origin}/device/${user.user.uid}`, keys },
        }),
        'subscribe',
      );
    }

    // Posts: two per user, alternating servers; one of them sent to both servers at once (a double-submitted outbox entry).
    const posts: Array<{ id: string; owner: number }> = [];
    for (const [i, user] of users.entries()) {
      for (let k = 0; k < 2; k++) {
        const id = randomUUID();
        const body = await multipartBody({ type: 'Type 4', title: `post ${i}.${k}` });
        const send = (server: FastifyInstance) =>
          server.inject({
            method: 'PUT',
            url: `/api/poops/${id}`,
            headers: { cookie: user.cookie, ...body.headers },
            payload: body.payload,
          });
        const answers = k === 0 ? await Promise.all([send(a), send(b)]) : [await send(servers[(i + k) % 2]!)];
        for (const res of answers) expect([200, 201], res.body).toContain(res.statusCode);
        posts.push({ id, owner: i });
      }
    }

    // Likes, comments and follows, each sent to both servers at once and then again to one of them.
    let step = 0;
    const next = () => servers[step++ % 2]!;
    for (const [i, user] of users.entries()) {
      for (const post of posts.filter((p) => p.owner !== i)) {
        const like = (server: FastifyInstance) =>
          server.inject({ method: 'PUT', url: `/api/poops/${post.id}/like`, headers: { cookie: user.cookie } });
        for (const res of await Promise.all([like(a), like(b)])) ok(res, 'like');
        ok(await like(next()), 'like again');
        const comment = { id: randomUUID(), text: `from ${i}` };
        const send = (server: FastifyInstance) =>
          server.inject({ method: 'POST', url: `/api/poops/${post.id}/comments`, headers: { cookie: user.cookie }, payload: comment });
        for (const res of await Promise.all([send(a), send(b)])) ok(res, 'comment');
      }
      for (const [j, followee] of users.entries()) {
        if (j === i) continue;
        const follow = (server: FastifyInstance) =>
          server.inject({ method: 'PUT', url: `/api/users/${followee.user.uid}/follow`, headers: { cookie: user.cookie } });
        for (const res of await Promise.all([follow(a), follow(b)])) ok(res, 'follow');
      }
    }
    // One unlike through the other server: the counts follow.
    ok(await next().inject({ method: 'DELETE', url: `/api/poops/${posts[0]!.id}/like`, headers: { cookie: users[1]!.cookie } }), 'unlike');

    // Chat between two premium users, each socket on a different server: every message sent
    // through one server arrives live on the other's socket; a replay through the other server is one message.
    await becomePremiumThroughWebhook(a, stripe, users[0]!.user.uid);
    await becomePremiumThroughWebhook(b, stripe, users[1]!.user.uid);
    const sockets = [await chatSocket(a, users[0]!.cookie), await chatSocket(b, users[1]!.cookie)];
    const chatIds: string[] = [];
    for (let k = 0; k < 6; k++) {
      const from = k % 2;
      const to = 1 - from;
      const id = randomUUID();
      const say = (server: FastifyInstance) =>
        server.inject({
          method: 'PUT',
          url: `/api/chat/with/${users[to]!.user.uid}/messages/${id}`,
          headers: { cookie: users[from]!.cookie },
          payload: { body: `chat ${k}` },
        });
      // Sent through the sender's own server; the recipient's socket is on the other one.
      ok(await say(servers[from]!), 'chat');
      if (k === 0) ok(await say(servers[to]!), 'chat replayed');
      chatIds.push(id);
      const event = await until(`chat ${k} live on the other server`, async () =>
        sockets[to]!.find((e) => e.type === 'message' && e.message?.id === id),
      );
      expect(event.message).toMatchObject({ body: `chat ${k}`, senderUid: users[from]!.user.uid });
      // Unread after CHAT_PUSH_DELAY_MS, it becomes one 'chat_message' notification, written by the server it went
      // through; waited for here because the reply that follows reads the conversation.
      await until(
        `chat ${k}'s notification`,
        async () => (await scalar(database, sql`SELECT count(*) AS n FROM notifications WHERE kind = 'chat_message'`)) === k + 1,
      );
    }
    // Each message arrived once on its recipient's socket, the replay included.
    for (const [i, received] of sockets.entries()) {
      const incoming = received.filter((e) => e.type === 'message' && e.message?.senderUid !== users[i]!.user.uid);
      expect(incoming.map((e) => e.message!.id).sort()).toEqual(chatIds.filter((_, k) => k % 2 !== i).sort());
    }
    expect(await scalar(database, sql`SELECT count(*) AS n FROM chat_messages`)).toBe(chatIds.length);

    // One row per post id, and its two images in the shared bucket.
    expect(await scalar(database, sql`SELECT count(*) AS n FROM poops`)).toBe(posts.length);
    for (const post of posts) {
      const image = await b.inject({
        method: 'GET',
        url: `/api/media/poops/${post.id}/display`,
        headers: { cookie: users[post.owner]!.cookie },
      });
      expect(image.statusCode).toBe(200);
    }
    expect(await bucket.storage.list('poops')).toHaveLength(posts.length * 2);

    // Counts equal rows.
    const others = posts.length - 2;
    expect(await scalar(database, sql`SELECT count(*) AS n FROM likes`)).toBe(users.length * others - 1);
    expect(
      await scalar(database, sql`SELECT count(*) AS n FROM poops p WHERE p.likes <> (SELECT count(*) FROM likes l WHERE l.poop_id = p.id)`),
    ).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM comments`)).toBe(users.length * others);
    expect(
      await scalar(
        database,
        sql`SELECT count(*) AS n FROM poops p WHERE p.comments <> (SELECT count(*) FROM comments c WHERE c.poop_id = p.id)`,
      ),
    ).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM follows`)).toBe(users.length * (users.length - 1));
    expect(
      await scalar(
        database,
        sql`SELECT count(*) AS n FROM users u WHERE u.followers <> (SELECT count(*) FROM follows f WHERE f.followee_uid = u.uid)
              OR u.followings <> (SELECT count(*) FROM follows f WHERE f.follower_uid = u.uid)`,
      ),
    ).toBe(0);

    // Notifications: one per like, comment, follow, chat message, premium start and achievement (the unlike keeps its like's), each pushed once.
    const kinds = {
      poop_liked: users.length * others,
      poop_commented: users.length * others,
      followed: users.length * (users.length - 1),
      chat_message: chatIds.length,
      premium_started: 2,
      // Each user's first post earned "First post" (issue 44).
      achievement_earned: users.length,
    };
    const counted = await database.db.execute(sql`SELECT kind, count(*) AS n FROM notifications GROUP BY kind`);
    expect(
      Object.fromEntries((counted as { rows: Array<{ kind: string; n: string | number }> }).rows.map((r) => [r.kind, Number(r.n)])),
    ).toEqual(kinds);
    const events = Object.values(kinds).reduce((sum, n) => sum + n, 0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM notifications`)).toBe(events);
    // The badge is polled (GET /api/notifications/unread-count), not pushed: either server answers the rows' count,
    // and a notification read through one server is read on the other.
    for (const [i, user] of users.entries()) {
      const unread = async (server: FastifyInstance) =>
        (await server.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie: user.cookie } })).json<{
          count: number;
        }>().count;
      // The bell leaves chat messages out (they are counted on the chat button, issue 64).
      const rows = () =>
        scalar(
          database,
          sql`SELECT count(*) AS n FROM notifications WHERE uid = ${user.user.uid} AND NOT is_read AND kind <> 'chat_message'`,
        );
      expect(await rows()).toBeGreaterThan(0);
      expect(await unread(a)).toBe(await rows());
      expect(await unread(b)).toBe(await rows());
      if (i === 0) {
        const before = await rows();
        ok(await b.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie: user.cookie } }), 'read all');
        expect(await rows()).toBe(0);
        expect(before).toBeGreaterThan(0);
        expect(await unread(a)).toBe(0);
      }
    }
    await until(
      'every push sent',
      async () =>
        push.received.length >= events &&
        (await scalar(database, sql`SELECT count(*) AS n FROM notifications WHERE push_state = 'pending'`)) === 0,
    );
    // Both servers poll the queue: a second delivery would show up here.
    await new Promise((r) => setTimeout(r, 1500));
    expect(push.received).toHaveLength(events);
  }, 240_000);

  it('rate limits are per server and scaled by INSTANCES: two servers together allow the stated limit', async () => {
    const [databaseA, databaseB] = await sharedDatabase();
    const env = { INSTANCES: '2' };
    const servers = [(await buildOn(databaseA, { env })).app, (await buildOn(databaseB, { env })).app];
    // POST /api/vitals: 30 a minute per address (plugins/rate-limits.ts), so 15 on each of the two.
    const report = { page: 'feed', installed: false, metrics: [{ name: 'LCP', value: 1000 }] };
    const send = (i: number) => servers[i % 2]!.inject({ method: 'POST', url: '/api/vitals', payload: report });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await send(i)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it("reverse geocoding keeps the upstream's spacing across servers: one request at a time, a second apart", async () => {
    const [databaseA, databaseB] = await sharedDatabase();
    const arrivals: number[] = [];
    const upstream = http.createServer((req, res) => {
      arrivals.push(Date.now());
      const url = new URL(req.url ?? '/', 'http://localhost');
      res.setHeader('content-type', 'application/json');
      const place = `Place at ${url.searchParams.get('lat')},${url.searchParams.get('lon')}`;
      res.end(JSON.stringify({ display_name: `1 Some Street, ${place}`, address: { road: 'Some Street', city: place } }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => upstream.close(() => resolve())));
    const env = { NOMINATIM_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, RATE_LIMIT_MAX: '0' };
    const servers = [(await buildOn(databaseA, { env })).app, (await buildOn(databaseB, { env })).app];
    const user = await signIn(servers[0]!);
    const names = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        const res = await servers[n % 2]!.inject({
          method: 'GET',
          url: `/api/geocode/reverse?lat=${n}&lon=${n}`,
          headers: { cookie: user.cookie },
        });
        return res.json<{ placeName: string }>().placeName;
      }),
    );
    expect(names).toEqual(['Place at 1,1', 'Place at 2,2', 'Place at 3,3', 'Place at 4,4']);
    const times = [...arrivals].sort((x, y) => x - y);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(GEOCODE_MIN_INTERVAL_MS);
  }, 60_000);
});

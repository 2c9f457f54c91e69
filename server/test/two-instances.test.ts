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
import { fakeS3 } from './fake-s3';
import { multipartBody, scalar } from './poop-helpers';

/**
 * Two API servers on one database and one bucket, as behind a load balancer: PostgreSQL
 * (TEST_DATABASE_URL) gives each server its own pool and LISTEN connection on one schema, both
 * migrating at once; PGlite (one process owns it) gives both the same handle.
 * Chat fan-out across servers (issue 25) belongs here once chat exists: send through `a`, receive live through `b`.
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

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const ok = (res: { statusCode: number; body: string }, what: string) => {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
};

describe('two servers on one database and one bucket', () => {
  it('a mixed workload alternating between them: counts equal rows, one post per id, every push job ran once', async () => {
    const [databaseA, databaseB] = await sharedDatabase();
    const bucket = await fakeS3('plop-shared');
    const vapid = webpush.generateVAPIDKeys();
    const instance = async (database: Database) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-instance-'));
      onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const { app } = await buildOn(database, {
        env: {
          DATA_DIR: dataDir,
          S3_BUCKET: 'plop-shared',
          S3_ENDPOINT: bucket.endpoint,
          S3_ACCESS_KEY_ID: 'test',
          S3_SECRET_ACCESS_KEY: 'test-secret',
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
    expect([...bucket.objects.keys()].filter((k) => k.startsWith('poops/'))).toHaveLength(posts.length * 2);

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

    // Notifications: one per like, comment and follow event (the unlike keeps its like's), each pushed once.
    const events = users.length * others * 2 + users.length * (users.length - 1);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM notifications`)).toBe(events);
    for (const user of users) {
      const unread = (await a.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie: user.cookie } })).json();
      const rows = await scalar(database, sql`SELECT count(*) AS n FROM notifications WHERE uid = ${user.user.uid} AND NOT is_read`);
      expect(Object.values(unread)).toContain(rows);
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
      res.end(JSON.stringify({ display_name: `Place at ${url.searchParams.get('lat')},${url.searchParams.get('lon')}` }));
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

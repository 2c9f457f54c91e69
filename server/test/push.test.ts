import { createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, createDecipheriv } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { build, signIn } from './helpers';
import { scalar } from './poop-helpers';

/** A push service stand-in on loopback: records each request and answers the next queued status (201 by default). */
async function pushEndpoint(statuses: number[] = []) {
  const received: { url: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.shift() ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received };
}

/** A browser's side of a subscription: a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** RFC 8291 aes128gcm decryption, written from the RFC (independent of the web-push package). */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; checks the signature, audience and expiry. */
function checkVapid(authorization: string | undefined, endpointOrigin: string, expectedKey: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  expect(match, authorization).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(expectedKey);
  const [header, payload, signature] = jwt!.split('.');
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const point = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(valid).toBe(true);
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(claims.aud).toBe(endpointOrigin);
  const now = Date.now() / 1000;
  expect(claims.exp).toBeGreaterThan(now);
  expect(claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
  expect(claims.sub).toMatch(/^(mailto:|https:)/);
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function buildPushApp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-push-'));
  onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return build({ DATA_DIR: dataDir, WEB_PUSH_ALLOW_HTTP: '1', JOBS_POLL_MS: '200', WEB_PUSH_RETRY_DELAY_SECONDS: '1' });
}

async function subscriber(app: FastifyInstance, endpoint: string, enableNotifications = true) {
  const session = await signIn(app);
  await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: session.cookie }, payload: { enableNotifications } });
  const keys = browserKeys();
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie: session.cookie },
    payload: { endpoint, expirationTime: null, keys: keys.json },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...session, keys, token: res.json().token as string };
}

async function notify(
  app: { database: { db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> } } },
  uid: string,
  message: string,
) {
  const id = randomUUID();
  await app.database.db.execute(
    sql`INSERT INTO notifications (id, uid, kind, message, is_read, link) VALUES (${id}, ${uid}, 'like', ${message}, false, '/root/notifications')`,
  );
  return id;
}

describe('Web Push', () => {
  it('sends an aes128gcm push with a valid VAPID header for a new notification row', async () => {
    const test = await buildPushApp();
    const { app } = test;
    const service = await pushEndpoint();
    const endpoint = `${service.origin}/push/device-1`;
    const user = await subscriber(app, endpoint);
    const publicKey = (await app.inject({ method: 'GET', url: '/api/config' })).json().vapidPublicKey as string;
    expect((await app.inject({ method: 'GET', url: '/api/push/public-key' })).json()).toEqual({ publicKey });

    const id = await notify(test, user.user.uid, 'Ada liked your poop');
    const request = await until('the push', () => service.received[0]);
    expect(request.url).toBe('/push/device-1');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    checkVapid(request.headers.authorization, service.origin, publicKey);
    expect(JSON.parse(decrypt(request.body, user.keys))).toEqual({
      title: 'New like',
      body: 'Ada liked your poop',
      link: '/root/notifications',
      tag: `notification-${id}`,
    });
    // Sent once: the row is no longer pending and no second request follows.
    await new Promise((r) => setTimeout(r, 1500));
    expect(service.received).toHaveLength(1);
    expect(await scalar(test.database, sql`SELECT count(*) AS n FROM notifications WHERE push_state = 'pending'`)).toBe(0);
  });

  it('pushes to every device of the user; a 410 deletes that subscription; a 503 is retried', async () => {
    const test = await buildPushApp();
    const gone = await pushEndpoint([410]);
    const flaky = await pushEndpoint([503]);
    const user = await subscriber(test.app, `${gone.origin}/gone`);
    const keys = browserKeys();
    const second = await test.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: user.cookie },
      payload: { endpoint: `${flaky.origin}/flaky`, keys: keys.json },
    });
    expect(second.statusCode).toBe(200);
    await notify(test, user.user.uid, 'hello');
    await until('the 410 answer to delete the subscription', async () =>
      (await scalar(test.database, sql`SELECT count(*) AS n FROM push_subscriptions WHERE id = ${user.token}`)) === 0 ? true : undefined,
    );
    const retried = await until('the retry after a 503', () => (flaky.received.length >= 2 ? flaky.received : undefined), 30_000);
    expect(JSON.parse(decrypt(retried[1]!.body, keys)).body).toBe('hello');
    expect(gone.received).toHaveLength(1);
    expect(await scalar(test.database, sql`SELECT count(*) AS n FROM push_subscriptions`)).toBe(1);
  }, 60_000);

  it('sends nothing when the user has notifications turned off', async () => {
    const test = await buildPushApp();
    const service = await pushEndpoint();
    const user = await subscriber(test.app, `${service.origin}/off`, false);
    const id = await notify(test, user.user.uid, 'quiet');
    await until('the sweep to skip the row', async () =>
      (await scalar(test.database, sql`SELECT count(*) AS n FROM notifications WHERE id = ${id} AND push_state = 'skipped'`)) === 1
        ? true
        : undefined,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(service.received).toHaveLength(0);
  });

  it('registration: https only (http on loopback with WEB_PUSH_ALLOW_HTTP), valid keys, one token per endpoint, per user', async () => {
    const { app } = await build({ STATIC_DIR: '' });
    const { cookie } = await signIn(app);
    const keys = browserKeys().json;
    const post = (endpoint: string, k: { p256dh: string; auth: string } = keys, who = cookie) =>
      app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { cookie: who }, payload: { endpoint, keys: k } });
    const bad = await post('http://127.0.0.1:9/x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Push endpoints must be https URLs.');
    expect((await post('https://10.0.0.1/x')).statusCode).toBe(400);
    expect((await post('https://localhost/x')).statusCode).toBe(400);
    expect((await post('not a url')).statusCode).toBe(400);
    expect((await post('https://push.example.com/a', { p256dh: 'AAAA', auth: keys.auth })).statusCode).toBe(400);
    const first = await post('https://push.example.com/a');
    expect(first.statusCode).toBe(200);
    const again = await post('https://push.example.com/a');
    expect(again.json().token).toBe(first.json().token);
    expect(
      (await app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: { endpoint: 'https://push.example.com/b', keys } }))
        .statusCode,
    ).toBe(401);
    const other = await signIn(app);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/push/subscriptions/${first.json().token}`,
      headers: { cookie: other.cookie },
    });
    expect(del.statusCode).toBe(204);
    expect((await post('https://push.example.com/a')).json().token).toBe(first.json().token); // still there: not theirs
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${first.json().token}`, headers: { cookie } })).statusCode,
    ).toBe(204);
    const spec = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.paths['/api/push/subscriptions'].post.requestBody).toBeDefined();

    const local = await build({ STATIC_DIR: '', WEB_PUSH_ALLOW_HTTP: '1' });
    const session = await signIn(local.app);
    const loop = await local.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: session.cookie },
      payload: { endpoint: 'http://127.0.0.1:9/x', keys },
    });
    expect(loop.statusCode).toBe(200);
    const far = await local.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: session.cookie },
      payload: { endpoint: 'http://push.example.com/x', keys },
    });
    expect(far.statusCode).toBe(400);
  });
});

import { createPublicKey, randomUUID, verify } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PushAddressRefusedError, sendWebPush, type ResolveAll } from '../integrations/web-push';
import { build, signIn } from './helpers';
import { browserKeys, decrypt, pushEndpoint } from './push-stand-in';
import { scalar } from './poop-helpers';
import { until } from './poll';

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
  kind = 'poop_liked',
  link = '/root/notifications',
) {
  const id = randomUUID();
  await app.database.db.execute(
    sql`INSERT INTO notifications (id, uid, kind, message, is_read, link) VALUES (${id}, ${uid}, ${kind}, ${message}, false, ${link})`,
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
      actions: [{ action: 'open', title: 'Open', link: '/root/notifications' }],
      unread: 1,
    });
    // Sent once: the row is no longer pending and no second request follows.
    await new Promise((r) => setTimeout(r, 1500));
    expect(service.received).toHaveLength(1);

    // A comment offers "Reply" to the post's comment field; the badge counts what is unread when it is sent.
    const poopId = randomUUID();
    const second = await notify(test, user.user.uid, 'Ada commented on your post', 'poop_commented', `/root/poop/${poopId}`);
    const comment = await until('the second push', () => service.received[1]);
    expect(JSON.parse(decrypt(comment.body, user.keys))).toEqual({
      title: 'New comment',
      body: 'Ada commented on your post',
      link: `/root/poop/${poopId}`,
      tag: `notification-${second}`,
      actions: [{ action: 'reply', title: 'Reply', link: `/root/poop/${poopId}?reply=1` }],
      unread: 2,
    });
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
    const retried = await until('the retry after a 503', () => (flaky.received.length >= 2 ? flaky.received : undefined), {
      timeoutMs: 30_000,
    });
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
    expect((await post('https://fcm.googleapis.com/fcm/send/a', { p256dh: 'AAAA', auth: keys.auth })).statusCode).toBe(400);
    const first = await post('https://fcm.googleapis.com/fcm/send/a');
    expect(first.statusCode).toBe(200);
    const again = await post('https://fcm.googleapis.com/fcm/send/a');
    expect(again.json().token).toBe(first.json().token);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/b', keys },
        })
      ).statusCode,
    ).toBe(401);
    const other = await signIn(app);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/push/subscriptions/${first.json().token}`,
      headers: { cookie: other.cookie },
    });
    expect(del.statusCode).toBe(204);
    expect((await post('https://fcm.googleapis.com/fcm/send/a')).json().token).toBe(first.json().token); // still there: not theirs
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

/** A TCP listener on loopback that only counts connections (whatever the protocol). */
async function connectionCounter() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, count: () => connections };
}

const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.com' };

describe('push endpoints cannot reach inside the network', () => {
  it("registration accepts only the browsers' push services on port 443 (and listed hosts), in the envelope otherwise", async () => {
    const { app } = await build({ STATIC_DIR: '', WEB_PUSH_HOSTS: 'push.example.com, selfhosted.example.org:8443' });
    const { cookie } = await signIn(app);
    const keys = browserKeys().json;
    const post = (endpoint: string) =>
      app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { cookie }, payload: { endpoint, keys } });
    for (const endpoint of [
      'https://localhost.:6379/',
      'https://foo.localhost/',
      'https://ip6-localhost./x',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://127.0.0.1.nip.io/',
      'https://fcm.googleapis.com:6379/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'https://push.example.com:8443/x',
    ]) {
      const res = await post(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGRhYmM',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://push.example.com/x',
      'https://selfhosted.example.org:8443/x',
    ]) {
      expect((await post(endpoint)).statusCode, endpoint).toBe(200);
    }
  });

  it('a listed name that resolves to loopback when sending gets no connection', async () => {
    const counter = await connectionCounter();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-push-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const test = await build({
      DATA_DIR: dataDir,
      JOBS_POLL_MS: '200',
      WEB_PUSH_RETRY_DELAY_SECONDS: '1',
      WEB_PUSH_HOSTS: `localhost:${counter.port}`,
    });
    const user = await subscriber(test.app, `https://localhost:${counter.port}/push/x`);
    const id = await notify(test, user.user.uid, 'inside');
    await until('the sweep to queue the row', async () =>
      (await scalar(test.database, sql`SELECT count(*) AS n FROM notifications WHERE id = ${id} AND push_state = 'queued'`)) === 1
        ? true
        : undefined,
    );
    await new Promise((r) => setTimeout(r, 3000));
    expect(counter.count()).toBe(0);
  });

  it('checks every address a name answers when sending, and connects to the checked one (a rebinding name cannot switch)', async () => {
    const service = await pushEndpoint();
    const port = new URL(service.origin).port;
    const keys = browserKeys().json;
    const target = (host: string) => ({ endpoint: `http://${host}:${port}/push`, ...keys });
    const answering = (...answers: string[][]): ResolveAll & { calls: number } => {
      const resolve = Object.assign(
        async () => {
          const next = answers[Math.min(resolve.calls, answers.length - 1)]!;
          resolve.calls += 1;
          return next.map((address) => ({ address, family: net.isIP(address) }));
        },
        { calls: 0 },
      );
      return resolve;
    };

    for (const inside of [
      ['127.0.0.1'],
      ['::1'],
      ['::ffff:127.0.0.1'],
      ['10.1.2.3'],
      ['169.254.169.254'],
      ['fd00:ec2::254'],
      ['93.184.216.34', '192.168.1.1'],
    ]) {
      await expect(
        sendWebPush(target('rebind.test'), 'x', VAPID, 60, { resolve: answering(inside) }),
        inside.join(),
      ).rejects.toBeInstanceOf(PushAddressRefusedError);
    }
    expect(service.received).toHaveLength(0);

    // Local testing allows loopback: the name is resolved once, to the loopback stand-in; the
    // rebinding answer (10.1.2.3) a second lookup would get is never asked for.
    const rebinding = answering(['127.0.0.1'], ['10.1.2.3']);
    const status = await sendWebPush(target('rebind.test'), 'x', VAPID, 60, { resolve: rebinding, allowLoopback: true });
    expect(status).toBe(201);
    expect(service.received).toHaveLength(1);
    expect(rebinding.calls).toBe(1);
  });
});

describe('a push subscription belongs to the browser that holds its keys', () => {
  it('moves to another account only with the same keys; otherwise it stays, and the answer does not say it exists', async () => {
    const test = await build({ STATIC_DIR: '' });
    const { app } = test;
    const endpoint = 'https://fcm.googleapis.com/fcm/send/victim';
    const owner = await signIn(app);
    const ownerKeys = browserKeys().json;
    const post = (cookie: string, endpointUrl: string, keys: { p256dh: string; auth: string }) =>
      app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { cookie }, payload: { endpoint: endpointUrl, keys } });
    const token = (await post(owner.cookie, endpoint, ownerKeys)).json().token as string;
    const ownerOf = async () => {
      const result: unknown = await test.database.db.execute(sql`SELECT uid FROM push_subscriptions WHERE endpoint = ${endpoint}`);
      return result as { rows: { uid: string }[] };
    };

    const attacker = await signIn(app);
    const attackerKeys = browserKeys().json;
    const taken = await post(attacker.cookie, endpoint, attackerKeys);
    const fresh = await post(attacker.cookie, 'https://fcm.googleapis.com/fcm/send/never-seen', attackerKeys);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json())).toEqual(Object.keys(fresh.json()));
    expect(taken.json().token).not.toBe(token);
    expect((await ownerOf()).rows).toEqual([{ uid: owner.user.uid }]);
    // Nor can they remove it by endpoint or by the token they got.
    await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions/unsubscribe',
      headers: { cookie: attacker.cookie },
      payload: { endpoint },
    });
    await app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${taken.json().token}`, headers: { cookie: attacker.cookie } });
    expect((await ownerOf()).rows).toEqual([{ uid: owner.user.uid }]);

    // The same browser signed in to another account brings the same keys: the subscription follows it.
    const sameBrowser = await signIn(app);
    const moved = await post(sameBrowser.cookie, endpoint, ownerKeys);
    expect(moved.json().token).toBe(token);
    expect((await ownerOf()).rows).toEqual([{ uid: sameBrowser.user.uid }]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { build, buildOn, openTestDatabase, signIn } from './helpers';
import { browserKeys, pushEndpoint } from './push-stand-in';

describe('GET /metrics', () => {
  it('answers Prometheus text on loopback: request durations by route and status, jobs, sockets, backups, process figures', async () => {
    const { app } = await build();
    await app.inject({ method: 'GET', url: '/api/health' });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(/^plop_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1$/m);
    expect(res.body).toMatch(/^plop_chat_sockets_open 0$/m);
    expect(res.body).toMatch(/^plop_backup_last_success_timestamp_seconds 0$/m);
    expect(res.body).toMatch(/^plop_db_connections\{state="\w+"\} \d+$/m);
    expect(res.body).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it("counts push sends by result, outbox replays and jobs by state; on PostgreSQL, this server's pool", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-metrics-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { app, database } = await build({ DATA_DIR: dataDir, WEB_PUSH_ALLOW_HTTP: '1', JOBS_POLL_MS: '200' });
    const service = await pushEndpoint([201, 410]);
    const person = await signIn(app);
    await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: person.cookie }, payload: { enableNotifications: true } });
    // Two devices: the first push is delivered (201), the second device is gone (410).
    for (const device of ['one', 'two']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { cookie: person.cookie },
        payload: { endpoint: `${service.origin}/${device}`, expirationTime: null, keys: browserKeys().json },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await database.db.execute(
      sql`INSERT INTO notifications (id, uid, kind, message, is_read, link) VALUES (${randomUUID()}, ${person.user.uid}, 'poop_liked', 'hello', false, '/root/notifications')`,
    );
    // An outbox write sent twice with its key: the second is answered from the first.
    const key = randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie: person.cookie, 'idempotency-key': key },
        payload: { darkMode: true },
      });
      expect(res.statusCode).toBe(200);
    }
    const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body;
    await expect.poll(scrape, { timeout: 20_000 }).toMatch(/^plop_push_sends_total\{result="gone"\} 1$/m);
    const body = await scrape();
    expect(body).toMatch(/^plop_push_sends_total\{result="sent"\} 1$/m);
    expect(body).toMatch(/^plop_push_sends_total\{result="failed"\} 0$/m);
    expect(body).toMatch(/^plop_outbox_replays_total 1$/m);
    expect(body).toMatch(/^plop_jobs\{job="push-deliver",state="completed"\} 2$/m);
    expect(body).toMatch(/^plop_http_request_duration_seconds_bucket\{le="\+Inf",method="PATCH",route="\/api\/me",status_code="200"\} 3$/m);
    if (database.kind === 'postgres') {
      expect(body).toMatch(/^plop_db_pool_connections\{state="max"\} 20$/m);
      expect(body).toMatch(/^plop_db_pool_connections\{state="waiting"\} \d+$/m);
      expect(body).toMatch(/^plop_db_pool_connections\{state="in_use"\} \d+$/m);
    } else {
      expect(body).not.toMatch(/^plop_db_pool_connections\{/m);
    }
  }, 60_000);

  it('is 404 from another address and through a proxy on this machine, without a token', async () => {
    const { app } = await build();
    const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    const proxied = await app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(404);
  });

  it('with METRICS_TOKEN: the bearer token opens it from anywhere, and nothing else does (loopback included)', async () => {
    const { app } = await build({ METRICS_TOKEN: 'scrape-secret-1' });
    const withToken = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer scrape-secret-1' },
    });
    expect(withToken.statusCode).toBe(200);
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret-2' } });
    expect(wrong.statusCode).toBe(401);
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthorized');
  });
});

describe('GET /api/ready', () => {
  it('is 200 while the database and storage answer; 503 naming what is down when the data folder is gone, and once the database is', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-ready-'));
    const database = await openTestDatabase();
    let closed = false;
    onTestFinished(async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!closed) await database.close();
    });
    const { app } = await buildOn(database, { env: { DATA_DIR: dataDir } });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });

    fs.rmSync(dataDir, { recursive: true, force: true });
    const noFolder = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(noFolder.statusCode).toBe(503);
    expect(noFolder.json()).toEqual({ error: { code: 'not_ready', message: 'Not ready: the storage cannot be reached.' } });
    fs.mkdirSync(dataDir);

    await database.close();
    closed = true;
    const down = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ error: { code: 'not_ready', message: 'Not ready: the database cannot be reached.' } });
  });
});

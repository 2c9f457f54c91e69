import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DataExport } from '../../core/data-export-api';
import { uploadStagingDir } from '../storage/create-storage';
import { TestClock, signIn } from './helpers';
import { buildWithFiles, listFiles, putPoop, scalar } from './poop-helpers';

// Issue 61: an outside probe made 9 exports in 60 s (703 MB kept for a day), waited an hour on an
// export a crash left pending, and found the archives still on disk after the account was deleted.

const POLL = { timeout: 60_000, interval: 200 };

function ask(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'POST', url: '/api/me/exports', headers: { cookie } });
}

async function state(app: FastifyInstance, cookie: string): Promise<DataExport | null> {
  const res = await app.inject({ method: 'GET', url: '/api/me/exports', headers: { cookie } });
  return res.json<{ export: DataExport | null }>().export;
}

/** The archives in storage, as {uid}/{export id} (stored as exports/{uid}/{id}.{attempt}.zip). */
function archives(filesDir: string): string[] {
  return listFiles(path.join(filesDir, 'exports')).map((file) => file.replace(/\.\d+\.zip$/, ''));
}

describe('data export limits (issue 61)', () => {
  it('keeps one archive per person: a second request within the hour is 429 with Retry-After, a later one replaces the first', async () => {
    const clock = new TestClock();
    const { app, filesDir } = await buildWithFiles({ JOBS_POLL_MS: '100' }, { clock });
    const owner = await signIn(app);
    expect((await putPoop(app, owner.cookie, randomUUID())).statusCode).toBe(201);

    const first = (await ask(app, owner.cookie)).json<{ export: DataExport }>().export;
    await expect.poll(async () => (await state(app, owner.cookie))?.status, POLL).toBe('ready');

    clock.advance(10 * 60_000);
    const tooSoon = await ask(app, owner.cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('3000');
    expect(tooSoon.json()).toEqual({
      error: {
        code: 'export_too_soon',
        message: 'You can prepare a new archive once an hour. Please try again later.',
        reason: 'exportTooSoon',
      },
    });
    expect(archives(filesDir)).toEqual([`${owner.user.uid}/${first.id}`]);

    clock.advance(50 * 60_000);
    const third = await ask(app, owner.cookie);
    expect(third.statusCode).toBe(202);
    const replacing = third.json<{ export: DataExport }>().export;
    expect(replacing.id).not.toBe(first.id);
    // The first archive went before the new one was asked for.
    expect(archives(filesDir)).toEqual([]);
    await expect.poll(async () => (await state(app, owner.cookie))?.status, POLL).toBe('ready');
    expect(archives(filesDir)).toEqual([`${owner.user.uid}/${replacing.id}`]);
    const old = await app.inject({ method: 'GET', url: `/api/me/exports/${first.id}/download`, headers: { cookie: owner.cookie } });
    expect(old.statusCode).toBe(404);
  }, 120_000);

  it('holds the disk budget across accounts: past it exports wait with their place shown, and go on when space frees', async () => {
    const { app, filesDir, database } = await buildWithFiles({ JOBS_POLL_MS: '100', EXPORTS_DISK_BUDGET_MB: '0' });
    const [first, second, third] = [await signIn(app), await signIn(app), await signIn(app)];
    expect((await putPoop(app, first.cookie, randomUUID())).statusCode).toBe(201);
    await ask(app, first.cookie);
    await expect.poll(async () => (await state(app, first.cookie))?.status, POLL).toBe('ready');

    const waiting = (await ask(app, second.cookie)).json<{ export: DataExport }>().export;
    expect(waiting).toMatchObject({ status: 'pending', queuePosition: 1 });
    // Its job ran, found the budget spent, and queued a later look (attempt 1): nothing was written.
    await expect
      .poll(() => scalar(database, sql`SELECT attempt AS n FROM data_exports WHERE id = ${waiting.id}`), POLL)
      .toBeGreaterThanOrEqual(1);
    expect(await state(app, second.cookie)).toMatchObject({ status: 'pending', queuePosition: 1 });
    expect(archives(filesDir)).toHaveLength(1);
    const behind = (await ask(app, third.cookie)).json<{ export: DataExport }>().export;
    expect(behind).toMatchObject({ status: 'pending', queuePosition: 2 });

    // The first account goes, and its archive with it: the space passes to the first in the queue.
    expect((await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: first.cookie } })).statusCode).toBe(200);
    await expect.poll(async () => (await state(app, second.cookie))?.status, POLL).toBe('ready');
    expect(await state(app, third.cookie)).toMatchObject({ status: 'pending', queuePosition: 1 });
    expect(archives(filesDir)).toEqual([`${second.user.uid}/${waiting.id}`]);
  }, 120_000);

  it('deletes the archives with the account, in the deletion itself', async () => {
    const { app, filesDir } = await buildWithFiles({ JOBS_POLL_MS: '100' });
    const leaver = await signIn(app);
    expect((await putPoop(app, leaver.cookie, randomUUID())).statusCode).toBe(201);
    await ask(app, leaver.cookie);
    await expect.poll(async () => (await state(app, leaver.cookie))?.status, POLL).toBe('ready');
    expect(archives(filesDir)).toHaveLength(1);

    const res = await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: leaver.cookie } });
    expect(res.json()).toEqual({ status: 'deleted' });
    expect(archives(filesDir)).toEqual([]);
  }, 120_000);

  it('starts a stalled export afresh when asked again, removing its half-written file', async () => {
    const clock = new TestClock();
    const { app, database, config } = await buildWithFiles({ JOBS_POLL_MS: '100' }, { clock });
    const owner = await signIn(app);
    // An export a killed server was writing: started, its last progress 31 s ago, a file half written.
    const id = randomUUID();
    const startedAt = new Date(clock.now().getTime() - 31_000);
    await database.db.execute(
      sql`INSERT INTO data_exports (id, uid, requested_at, started_at, progress_at) VALUES (${id}, ${owner.user.uid}, ${startedAt}, ${startedAt}, ${startedAt})`,
    );
    const staging = uploadStagingDir(config);
    fs.mkdirSync(staging, { recursive: true });
    const halfWritten = path.join(staging, `export-${id}-${randomUUID()}.zip`);
    fs.writeFileSync(halfWritten, 'PK half an archive');

    const again = await ask(app, owner.cookie);
    expect(again.statusCode).toBe(202);
    expect(again.json<{ export: DataExport }>().export).toMatchObject({ id, status: 'pending' });
    expect(fs.existsSync(halfWritten)).toBe(false);
    await expect.poll(async () => (await state(app, owner.cookie))?.status, POLL).toBe('ready');
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { DataExport } from '../../core/data-export-api';
import { dataExports, healthEntries } from '../db/schema';
import { DataExportRepository } from '../repositories/data-export.repository';
import { DataExportService } from '../services/data-export.service';
import { uploadStagingDir } from '../storage/create-storage';
import { TestClock, signIn, signInVerified } from './helpers';
import { buildWithFiles, putPoop, scalar } from './poop-helpers';
import { until } from './poll';

interface ZipEntry {
  name: string;
  bytes: Buffer;
}

/** Every entry of a ZIP, read with an independent reader (yauzl). */
function unzip(bytes: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: ZipEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('Download my data', () => {
  it("builds a ZIP of the owner's data and photos, offered to the owner only, and notifies them", async () => {
    const clock = new TestClock();
    const adminEmail = `admin-${randomUUID().slice(0, 8)}@example.com`;
    const { app, database, storage, config } = await buildWithFiles({ JOBS_POLL_MS: '100', ADMIN_EMAILS: adminEmail }, { clock });
    const owner = await signIn(app);
    const other = await signIn(app);
    const admin = await signInVerified(app, adminEmail);
    expect(admin.user.admin).toBe(true);

    // The owner's post with private details, a diary-only entry; the other user's post and details.
    const mine = randomUUID();
    expect((await putPoop(app, owner.cookie, mine, { type: 'Type 3', title: 'My own post' })).statusCode).toBe(201);
    const theirs = randomUUID();
    expect((await putPoop(app, other.cookie, theirs, { type: 'Type 5', title: 'Their post' })).statusCode).toBe(201);
    await database.db.insert(healthEntries).values([
      { id: randomUUID(), uid: owner.user.uid, poopId: mine, occurredAt: new Date(), straining: true, note: 'my note' },
      { id: randomUUID(), uid: owner.user.uid, occurredAt: new Date(), type: 'Type 6', urgency: true, note: 'diary only' },
      { id: randomUUID(), uid: other.user.uid, poopId: theirs, occurredAt: new Date(), blood: true, note: 'their secret note' },
    ]);
    // Social: a comment and a like on the other's post, a follow each way.
    const comment = { id: randomUUID(), text: 'Nice one from me' };
    expect(
      (await app.inject({ method: 'POST', url: `/api/poops/${theirs}/comments`, headers: { cookie: owner.cookie }, payload: comment }))
        .statusCode,
    ).toBe(201);
    expect((await app.inject({ method: 'PUT', url: `/api/poops/${theirs}/like`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'PUT', url: `/api/users/${other.user.uid}/follow`, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'PUT', url: `/api/users/${owner.user.uid}/follow`, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(200);
    // Chat both ways (both premium): only what the owner sent is theirs.
    // Premium as the Stripe webhook leaves it (premium.test.ts covers that path).
    await database.db.execute(
      sql`UPDATE users SET premium = true, subscription_status = 'active' WHERE uid IN (${owner.user.uid}, ${other.user.uid})`,
    );
    const say = (from: { cookie: string }, to: string, body: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/chat/with/${to}/messages/${randomUUID()}`,
        headers: { cookie: from.cookie },
        payload: { body },
      });
    expect((await say(owner, other.user.uid, 'hello from the owner')).statusCode).toBeLessThan(300);
    expect((await say(other, owner.user.uid, 'the other one writes back')).statusCode).toBeLessThan(300);

    const asked = await app.inject({ method: 'POST', url: '/api/me/exports', headers: { cookie: owner.cookie } });
    expect(asked.statusCode).toBe(202);
    const pending = asked.json<{ export: DataExport }>().export;
    expect(pending).toMatchObject({ status: 'pending', downloadUrl: null });
    // Asked again while pending: the same export, one job.
    const again = await app.inject({ method: 'POST', url: '/api/me/exports', headers: { cookie: owner.cookie } });
    expect(again.json<{ export: DataExport }>().export.id).toBe(pending.id);

    const ready = await until('the export', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/me/exports', headers: { cookie: owner.cookie } });
      const state = res.json<{ export: DataExport | null }>().export;
      return state?.status === 'ready' ? state : undefined;
    });
    expect(ready.downloadUrl).toBe(`/api/me/exports/${pending.id}/download`);
    const link = ready.downloadUrl ?? '';

    // The owner is told, with a link to the screen that downloads it.
    const notified = await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: owner.cookie } });
    expect(notified.body).toContain('Your data is ready to download for the next 24 hours.');
    expect(notified.body).toContain('/root/account/data');

    const download = await app.inject({ method: 'GET', url: link, headers: { cookie: owner.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="plop-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = await unzip(download.rawPayload);
    const names = entries.map((entry) => entry.name);
    expect(names).toContain('data.json');
    const photo = entries.find((entry) => entry.name === `photos/posts/${mine}.webp`);
    expect(photo?.bytes.subarray(8, 12).toString()).toBe('WEBP');
    expect(names.some((name) => name.includes(theirs))).toBe(false);

    const json = entries.find((entry) => entry.name === 'data.json')?.bytes.toString('utf8') ?? '';
    const data = JSON.parse(json);
    expect(data.profile).toMatchObject({ uid: owner.user.uid, username: owner.user.username });
    expect(data.posts).toEqual([
      expect.objectContaining({
        id: mine,
        title: 'My own post',
        photo: `photos/posts/${mine}.webp`,
        healthDetails: expect.objectContaining({ straining: true, note: 'my note' }),
      }),
    ]);
    expect(data.diaryEntries).toEqual([expect.objectContaining({ type: 'Type 6', urgency: true, note: 'diary only' })]);
    expect(data.comments).toEqual([expect.objectContaining({ id: comment.id, text: 'Nice one from me' })]);
    expect(data.likes).toEqual([expect.objectContaining({ poopId: theirs })]);
    expect(data.follows.following).toEqual([expect.objectContaining({ uid: other.user.uid })]);
    expect(data.follows.followers).toEqual([expect.objectContaining({ uid: other.user.uid })]);
    expect(data.chatMessagesSent).toEqual([expect.objectContaining({ body: 'hello from the owner', to: other.user.uid })]);
    expect(data.notifications.length).toBeGreaterThan(0);
    // Nothing of the other user's own: not their message to the owner, not their private details.
    expect(json).not.toContain('the other one writes back');
    expect(json).not.toContain('their secret note');
    expect(json).not.toContain('Their post');

    // Anyone else, an admin too, gets 404 for the link; signed out 401.
    for (const caller of [other, admin]) {
      const res = await app.inject({ method: 'GET', url: link, headers: { cookie: caller.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(401);

    // 24 h later the link is gone for the owner too, and the sweep deletes the file and the row.
    clock.advance(24 * 3_600_000 + 1);
    expect((await app.inject({ method: 'GET', url: link, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    const latest = await app.inject({ method: 'GET', url: '/api/me/exports', headers: { cookie: owner.cookie } });
    expect(latest.json()).toEqual({ export: null });
    const [row] = await database.db.select().from(dataExports).where(eq(dataExports.id, pending.id));
    const archive = row?.storageKey ?? '';
    expect(await storage.getStream(archive)).toBeDefined();
    const sweeper = new DataExportService({
      exports: new DataExportRepository(database.db),
      storage,
      workDir: uploadStagingDir(config),
      enqueue: async () => undefined,
      budgetBytes: 1024 ** 3,
      now: clock.now,
      log: app.log,
    });
    expect(await sweeper.sweep(clock.now())).toBe(1);
    expect(await storage.getStream(archive)).toBeUndefined();
    expect(await scalar(database, sql`SELECT count(*) AS n FROM data_exports WHERE id = ${pending.id}`)).toBe(0);
  }, 120_000);
});

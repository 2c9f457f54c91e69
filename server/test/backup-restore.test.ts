import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { writeBackupFile, type BackupSource } from '../jobs/backup-archive';
import { restoreBackup, type RestoreTarget } from '../jobs/backup-restore';
import { send } from './chat-helpers';
import { becomePremiumThroughWebhook, fakeStripe } from './fake-stripe';
import { buildOn, signIn } from './helpers';
import { buildWithFiles, listFiles, putPoop, scalar, signInAndPost } from './poop-helpers';

const PG_URL = process.env.TEST_DATABASE_URL;

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `plop-${name}-`));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** What a backup of the test's database reads: on PostgreSQL, the test's own schemas only. */
function sourceOf(database: Database, dataDir: string, storage: BackupSource['storage']): BackupSource {
  const schema = database.jobsSchema.replace(/_jobs$/, '');
  return PG_URL
    ? { database, databaseUrl: PG_URL, schemas: [schema, database.jobsSchema], dataDir, storage, now: () => new Date() }
    : { database, dataDir, storage, now: () => new Date() };
}

/** An empty place to restore into: a folder, and on PostgreSQL a new database (pg_trgm in public, as the migrations expect). */
async function emptyTarget(database: Database): Promise<RestoreTarget & { open(): Promise<Database> }> {
  const dataDir = tempDir('restore');
  if (!PG_URL) {
    return { dataDir, open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }) };
  }
  const name = `restore_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const setup = new pg.Client({ connectionString: url.href });
  await setup.connect();
  await setup.query('CREATE EXTENSION pg_trgm WITH SCHEMA public');
  await setup.end();
  onTestFinished(async () => {
    const drop = new pg.Client({ connectionString: PG_URL });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  const schema = database.jobsSchema.replace(/_jobs$/, '');
  return { dataDir, databaseUrl: url.href, schema, open: () => openDatabase({ url: url.href, schemaName: schema }) };
}

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('backup and restore', () => {
  it('backs up while writes stream in; the restore holds every write acknowledged before it began, photos byte for byte, consistent', async () => {
    const stripe = await fakeStripe();
    const { app, database, config, storage, filesDir } = await buildWithFiles(stripe.env);
    const alice = await signInAndPost(app);
    const bob = await signIn(app);
    await becomePremiumThroughWebhook(app, stripe, alice.user.uid);
    await becomePremiumThroughWebhook(app, stripe, bob.user.uid);

    // The stream of writes: posts, likes, comments and chat, bounded by count and time.
    const acknowledged = { posts: [alice.id], comments: [] as string[], messages: [] as string[] };
    let backupStarted = false;
    const before = { posts: [] as string[], comments: [] as string[], messages: [] as string[] };
    const deadline = Date.now() + 60_000;
    const writes = (async () => {
      for (let i = 0; i < 12 && Date.now() < deadline; i++) {
        const post = randomUUID();
        const comment = randomUUID();
        const message = randomUUID();
        const results = await Promise.all([
          putPoop(app, alice.cookie, post),
          app.inject({ method: 'PUT', url: `/api/poops/${alice.id}/like`, headers: { cookie: bob.cookie } }),
          app.inject({
            method: 'POST',
            url: `/api/poops/${alice.id}/comments`,
            headers: { cookie: bob.cookie },
            payload: { id: comment, text: `c${i}` },
          }),
          send(app, alice.cookie, bob.user.uid, `m${i}`, message),
        ]);
        expect(results.map((r) => r.statusCode)).toEqual([201, 200, 201, 200]);
        acknowledged.posts.push(post);
        acknowledged.comments.push(comment);
        acknowledged.messages.push(message);
        if (i === 3) backupStarted = true; // the backup below starts once four rounds are acknowledged
      }
    })();
    await expect.poll(() => backupStarted, { timeout: 60_000 }).toBe(true);
    before.posts = [...acknowledged.posts];
    before.comments = [...acknowledged.comments];
    before.messages = [...acknowledged.messages];
    const file = path.join(tempDir('archive'), 'backup.zip');
    const manifest = await writeBackupFile(sourceOf(database, config.dataDir, storage), file);
    await writes;

    expect(manifest.counts.poops).toBeGreaterThanOrEqual(before.posts.length);
    const target = await emptyTarget(database);
    await restoreBackup(file, target);

    const restored = await target.open();
    onTestFinished(() => restored.close());
    const after = await buildOn(restored, { env: { ...stripe.env, DATA_DIR: target.dataDir, STATIC_DIR: '' } });
    for (const id of before.posts) {
      const res = await after.app.inject({ method: 'GET', url: `/api/poops/${id}`, headers: { cookie: alice.cookie } });
      expect(res.statusCode, `post ${id}`).toBe(200);
    }
    // The photo of the first post, byte for byte, through the API of both servers.
    const image = `/api/media/poops/${alice.id}/display`;
    const original = await app.inject({ method: 'GET', url: image, headers: { cookie: alice.cookie } });
    const copy = await after.app.inject({ method: 'GET', url: image, headers: { cookie: alice.cookie } });
    expect(original.statusCode).toBe(200);
    expect(copy.statusCode).toBe(200);
    expect(Buffer.compare(copy.rawPayload, original.rawPayload)).toBe(0);
    const comments = await after.app.inject({
      method: 'GET',
      url: `/api/poops/${alice.id}/comments?limit=50`,
      headers: { cookie: bob.cookie },
    });
    const commentIds = (comments.json().comments as { id: string }[]).map((c) => c.id);
    for (const id of before.comments) expect(commentIds).toContain(id);
    const thread = await after.app.inject({
      method: 'GET',
      url: `/api/chat/with/${bob.user.uid}/messages`,
      headers: { cookie: alice.cookie },
    });
    const messageIds = (thread.json().messages as { id: string }[]).map((m) => m.id);
    for (const id of before.messages) expect(messageIds).toContain(id);

    // Consistent: no comment without its post, counters equal to rows, every stored file of a post there.
    expect(
      await scalar(restored, sql`SELECT count(*) AS n FROM comments c WHERE NOT EXISTS (SELECT 1 FROM poops p WHERE p.id = c.poop_id)`),
    ).toBe(0);
    expect(
      await scalar(
        restored,
        sql`SELECT count(*) AS n FROM poops p WHERE p.comments <> (SELECT count(*) FROM comments c WHERE c.poop_id = p.id)`,
      ),
    ).toBe(0);
    expect(
      await scalar(restored, sql`SELECT count(*) AS n FROM poops p WHERE p.likes <> (SELECT count(*) FROM likes l WHERE l.poop_id = p.id)`),
    ).toBe(0);
    const restoredFiles = new Set(listFiles(path.join(target.dataDir, 'files')));
    for (const file of listFiles(filesDir).filter((f) => f.includes(alice.id))) expect(restoredFiles).toContain(file);
  }, 180_000);

  it('refuses a truncated archive and one with a flipped byte in one line, and writes nothing', async () => {
    const { database, config, storage } = await buildWithFiles();
    const dir = tempDir('archive');
    const file = path.join(dir, 'backup.zip');
    await writeBackupFile(sourceOf(database, config.dataDir, storage), file);
    const bytes = fs.readFileSync(file);

    const truncated = path.join(dir, 'truncated.zip');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.9)));
    const flipped = path.join(dir, 'flipped.zip');
    const changed = Buffer.from(bytes);
    // A byte inside the database's entry (after the first local header), not the ZIP's structures.
    changed[Math.floor(bytes.length / 3)]! ^= 0xff;
    fs.writeFileSync(flipped, changed);

    for (const damaged of [truncated, flipped]) {
      const target = await emptyTarget(database);
      const refusal = await restoreBackup(damaged, target).then(
        () => 'restored',
        (error: Error) => error.message,
      );
      expect(refusal).toMatch(
        new RegExp(`^${damaged.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a whole Plop backup: .+\\. Nothing was restored\\.$`),
      );
      expect(refusal.split('\n')).toHaveLength(1);
      expect(fs.readdirSync(target.dataDir)).toEqual([]);
      expect(target.databaseUrl ? await tablesIn(target.databaseUrl) : 0).toBe(0);
    }
  }, 120_000);
});

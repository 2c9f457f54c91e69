// Outbox benchmark: queues 100 writes made "offline" by one user (20 photo posts, then 80
// likes, comments, follows and unfollows, some on the posts still queued), replays them with
// the app's own replay loop (core/outbox.ts) against a real local server (PGlite, Firebase Auth
// emulator), and prints the time, duplicates and losses. Target: < 10 s, 0, 0.
//
//   npx tsx scripts/bench/outbox.bench.ts
//
// To exercise exactly-once, the answer of every BENCH_LOSS_EVERY-th request (up to
// BENCH_LOSSES of them) is lost after the server handled it (as a connection dropping
// mid-answer does), so those writes are sent again. Node has no IndexedDB: the entries live in a memory store behind the
// same OutboxStorePort; requests carry the session cookie as the browser does.
// Knobs: BENCH_LOSS_EVERY (default 4), BENCH_LOSSES (default 20), BENCH_AUTH_EMULATOR_PORT (default 9297).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { replayOutbox } from '../../core/outbox';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { firebaseIdentity } from '../../server/integrations/firebase-auth';
import { startAuthEmulator } from '../lib/auth-emulator.mjs';
import { memoryOutbox, photoPostWrite, sendOutboxEntry } from '../lib/outbox-node';

const EMULATOR_PORT = Number(process.env.BENCH_AUTH_EMULATOR_PORT || 9297);
const LOSS_EVERY = Number(process.env.BENCH_LOSS_EVERY || 4);
const LOSSES = Number(process.env.BENCH_LOSSES || 20);
const PROJECT_ID = 'demo-plop-bench';
const say = (text: string) => process.stdout.write(`${text}\n`);

async function session(baseUrl: string, emulatorHost: string): Promise<{ cookie: string; uid: string }> {
  const signUp = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `outbox-${randomUUID().slice(0, 8)}@example.com`, password: 'secret123', returnSecureToken: true }),
  });
  const { idToken, localId } = (await signUp.json()) as { idToken: string; localId: string };
  const res = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ idToken }),
  });
  if (!res.ok) throw new Error(`POST /api/session: ${res.status} ${await res.text()}`);
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, uid: localId };
}

async function main(): Promise<void> {
  const emulatorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-outbox-auth-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-outbox-bench-'));
  const emulator = await startAuthEmulator({
    port: EMULATOR_PORT,
    projectId: PROJECT_ID,
    dataDir: emulatorDir,
    persist: false,
    quiet: true,
  });
  const database = await openDatabase({});
  try {
    await migrate(database);
    const emulatorHost = `127.0.0.1:${EMULATOR_PORT}`;
    const config = loadConfig({
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    });
    const identity = firebaseIdentity(config.firebase);
    const app = await buildApp({ config, database, identity, logger: false });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const me = await session(baseUrl, emulatorHost);
      const others = await Promise.all(Array.from({ length: 5 }, () => session(baseUrl, emulatorHost)));
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 122, g: 84, b: 46 } } })
        .jpeg({ quality: 80 })
        .toBuffer();
      const bytes = new Uint8Array(photo).buffer; // a copy that owns exactly the photo's bytes

      // --- Queue 100 writes, as the app does offline. ---
      const { store, queue } = memoryOutbox(me.uid);
      const postIds: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        const id = randomUUID();
        postIds.push(id);
        await queue(photoPostWrite(id, `Bench ${i}`, bytes, `bench-${i}.jpg`));
      }
      const commentIds: string[] = [];
      const expectedFollows = new Map<string, boolean>();
      for (let i = 0; i < 80; i += 1) {
        // Likes go to 20 different posts (one each); comments spread over them too.
        const poopId = postIds[(i % 4 === 0 ? i / 4 : i) % postIds.length]!;
        const other = others[i % others.length]!;
        if (i % 4 === 0) {
          await queue({ kind: 'poop-like', method: 'PUT', path: `/api/poops/${poopId}/like`, target: poopId });
        } else if (i % 4 === 1) {
          const id = randomUUID();
          commentIds.push(id);
          await queue({
            kind: 'comment-create',
            method: 'POST',
            path: `/api/poops/${poopId}/comments`,
            target: poopId,
            body: { id, text: `Comment ${i}` },
          });
        } else {
          // Follow, and every second time unfollow after, so order matters.
          const follow = i % 4 === 2 || !expectedFollows.get(other.uid);
          expectedFollows.set(other.uid, follow);
          await queue({
            kind: follow ? 'follow' : 'unfollow',
            method: follow ? 'PUT' : 'DELETE',
            path: `/api/users/${other.uid}/follow`,
            target: other.uid,
          });
        }
      }
      const queued = store.size();

      // --- Replay: a lost answer stops a pass (as the network does); the next pass sends again. ---
      let requests = 0;
      let lost = 0;
      const started = performance.now();
      let passes = 0;
      for (let pass = 0; pass < LOSSES + 20 && store.size() > 0; pass += 1) {
        passes += 1;
        const report = await replayOutbox(
          {
            store,
            send: async (entry) => {
              requests += 1;
              const result = await sendOutboxEntry(baseUrl, me.cookie, entry);
              if (lost < LOSSES && requests % LOSS_EVERY === 0) {
                lost += 1;
                throw new TypeError('answer lost');
              }
              return result;
            },
            // Back-offs are skipped: each pass's clock runs an hour ahead, so the bench measures the sends.
            now: () => Date.now() + 3_600_000 * pass,
          },
          me.uid,
        );
        if (report.dropped.length > 0)
          throw new Error(`dropped: ${report.dropped.map((d) => `${d.entry.kind} ${d.status} ${d.message}`).join('; ')}`);
      }
      const seconds = (performance.now() - started) / 1000;

      // --- Count rows: one of each, nothing missing. ---
      const count = async (query: ReturnType<typeof sql>) => {
        const result = (await database.db.execute(query)) as { rows: Array<{ n: number | string }> };
        return Number(result.rows[0]?.n ?? 0);
      };
      const posts = await count(sql`SELECT count(*)::int AS n FROM poops WHERE uid = ${me.uid}`);
      const likes = await count(sql`SELECT count(*)::int AS n FROM likes WHERE uid = ${me.uid}`);
      const comments = await count(sql`SELECT count(*)::int AS n FROM comments WHERE uid = ${me.uid}`);
      const follows = await count(sql`SELECT count(*)::int AS n FROM follows WHERE follower_uid = ${me.uid}`);
      const likeCounters = await count(sql`SELECT coalesce(sum(likes), 0)::int AS n FROM poops WHERE uid = ${me.uid}`);
      const expected = { posts: 20, likes: 20, comments: commentIds.length, follows: [...expectedFollows.values()].filter(Boolean).length };
      const actual = { posts, likes, comments, follows };
      let duplicates = 0;
      let losses = 0;
      for (const key of Object.keys(expected) as Array<keyof typeof expected>) {
        duplicates += Math.max(0, actual[key] - expected[key]);
        losses += Math.max(0, expected[key] - actual[key]);
      }
      duplicates += Math.max(0, likeCounters - expected.likes);

      say(
        `Outbox benchmark: ${queued} queued writes (20 photo posts, 80 likes/comments/follows), Node ${process.version}, ${os.cpus().length} CPUs`,
      );
      say(
        `  replayed in ${seconds.toFixed(2)} s over ${passes} passes, ${requests} requests (${lost} answers lost on purpose and re-sent)`,
      );
      say(`  expected ${JSON.stringify(expected)}`);
      say(`  on server ${JSON.stringify(actual)}, like counters ${likeCounters}`);
      say(
        `  time ${seconds.toFixed(2)} s (target < 10), duplicates ${duplicates} (target 0), losses ${losses} (target 0), left in outbox ${store.size()}`,
      );
      if (duplicates > 0 || losses > 0 || store.size() > 0) process.exitCode = 1;
    } finally {
      await app.close();
      await identity.close();
    }
  } finally {
    await database.close();
    await emulator.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(emulatorDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

// The server's latency while a backup is written (issue 63): one API server on the seeded demo data
// (`npm run seed`: 36 people, 300 posts with photos) serves readers at a steady rate, a fixed
// number of requests a second as real traffic comes, not as fast as it can (a saturated server's
// p99 is its queue). Each round measures the same load twice: while `npm run backup` writes an
// archive, and for as long again with no backup, the order alternating, so a busier minute of this
// shared machine falls on both. PGlite (the running server makes the dump) and, with
// BENCH_DATABASE_URL, PostgreSQL (`pg_dump` beside the server).
//
//   npx tsx scripts/bench/backup-load.bench.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/bench/backup-load.bench.ts
//
// BENCH_ROUNDS (3), BENCH_BACKUP_RATE (requests a second, 100), BENCH_BACKUP_PORT (3740).
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const RATE = Number(process.env.BENCH_BACKUP_RATE || 100);
const CONNECTIONS = 8;
const PORT = Number(process.env.BENCH_BACKUP_PORT || 3740);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || '';
const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_START_MS = 120_000;
const say = (text: string) => process.stdout.write(`${text}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Figures {
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/** Runs a script of this checkout to its end; rejects with its last lines when it fails. */
function run(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}:\n${out.slice(-2000)}`))));
  });
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      BACKUPS: 'off',
      FIREBASE_PROJECT_ID: 'demo-plop-bench',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not get ready on port ${PORT} within ${SERVER_START_MS / 1000} s`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/** Readers at RATE requests a second: the feed's first page, posts, photos, authors' profiles and posts. */
function load(paths: string[]): { stop(): void; done: Promise<Figures> } {
  const started = performance.now();
  const instance = autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: 600,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[Math.floor(Math.random() * paths.length)]! }) }],
  });
  const done = new Promise<Figures>((resolve, reject) => {
    instance.on('done', (result) =>
      resolve({
        seconds: (performance.now() - started) / 1000,
        rps: result.requests.total / ((performance.now() - started) / 1000),
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        errors: result.errors + result.non2xx + result.timeouts,
      }),
    );
    instance.on('error', reject);
  });
  return { stop: () => instance.stop(), done };
}

async function duringBackup(paths: string[], env: Record<string, string>, file: string): Promise<{ figures: Figures; line: string }> {
  const readers = load(paths);
  try {
    const line = (await run(['scripts/backup.ts', file], env)).trim().split('\n').pop() ?? '';
    readers.stop();
    return { figures: await readers.done, line };
  } finally {
    readers.stop();
    fs.rmSync(file, { force: true });
  }
}

async function quiet(paths: string[], seconds: number): Promise<Figures> {
  const readers = load(paths);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  readers.stop();
  return readers.done;
}

async function benchOn(kind: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-backup-load-'));
  const env: Record<string, string> = { DATA_DIR: path.join(scratch, 'data') };
  const database = `plop_backup_load_${randomUUID().slice(0, 8)}`;
  let server: ChildProcess | undefined;
  try {
    if (kind === 'PostgreSQL') {
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${database}`;
      env.DATABASE_URL = url.toString();
    }
    await run(['scripts/seed/seed.ts'], env);
    server = await startServer(env);
    const feed = (await (await fetch(`http://127.0.0.1:${PORT}/api/poops/feed?limit=50`)).json()) as {
      poops: Array<{ id: string; uid: string; image: string }>;
    };
    const authors = [...new Set(feed.poops.map((post) => post.uid))];
    const paths = [
      '/api/poops/feed',
      ...feed.poops.map((post) => `/api/poops/${post.id}`),
      ...feed.poops.slice(0, 10).map((post) => post.image),
      ...authors.flatMap((uid) => [`/api/users/${uid}`, `/api/users/${uid}/poops`]),
    ];
    const probe = await Promise.all(paths.map(async (p) => [p, (await fetch(`http://127.0.0.1:${PORT}${p}`)).status] as const));
    const readable = probe.filter(([, status]) => status === 200).map(([p]) => p);
    if (readable.length < 10) throw new Error(`only ${readable.length} of the readers' paths answer 200: ${JSON.stringify(probe.slice(0, 5))}`);
    await quiet(readable, 3); // warm-up

    const backups: Figures[] = [];
    const quiets: Figures[] = [];
    let line = '';
    for (let round = 0; round < ROUNDS; round++) {
      const file = path.join(scratch, `round-${round}.zip`);
      if (round % 2 === 0) {
        const during = await duringBackup(readable, env, file);
        backups.push(during.figures);
        line = during.line;
        quiets.push(await quiet(readable, during.figures.seconds));
      } else {
        const seconds = backups[backups.length - 1]!.seconds;
        quiets.push(await quiet(readable, seconds));
        const during = await duringBackup(readable, env, file);
        backups.push(during.figures);
        line = during.line;
      }
    }
    const show = (figures: Figures[]) =>
      `p50 ${median(figures.map((f) => f.p50))} ms, p99 ${median(figures.map((f) => f.p99))} ms, max ${Math.max(...figures.map((f) => f.max))} ms, ` +
      `${median(figures.map((f) => f.rps)).toFixed(0)} req/s, ${figures.reduce((sum, f) => sum + f.errors, 0)} errors`;
    say(`${kind}, ${RATE} req/s over ${CONNECTIONS} connections (${readable.length} paths), medians of ${ROUNDS} rounds:`);
    say(`  during a backup (${median(backups.map((f) => f.seconds)).toFixed(1)} s): ${show(backups)}`);
    say(`  no backup, as long:       ${show(quiets)}`);
    say(`  each round's p99 (backup / none): ${backups.map((b, i) => `${b.p99}/${quiets[i]!.p99}`).join(', ')} ms`);
    say(`  last archive: ${line}`);
  } finally {
    if (server) await stopServer(server);
    if (kind === 'PostgreSQL') {
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

say(
  `Latency during a backup: Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await benchOn('PGlite');
if (POSTGRES_URL) await benchOn('PostgreSQL');

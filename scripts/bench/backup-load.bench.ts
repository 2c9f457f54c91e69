// The server's latency while a backup is written (issue 63): one API server on the seeded demo data
// (`npm run seed`: 36 people, 300 posts with photos) serves readers at a steady rate, a fixed
// number of requests a second as real traffic comes, not as fast as it can (a saturated server's
// p99 is its queue). Each round measures the same load twice: while `npm run backup` writes an
// archive, and for as long again with no backup, the order alternating, so a busier minute of this
// shared machine falls on both. PGlite (the running server makes the dump) and, with
// BENCH_DATABASE_URL, PostgreSQL (`pg_dump` beside the server). With `--baseline <ref>` the ref's
// build (scripts/bench/baseline.ts) is measured the same way in the same run, its rounds alternating
// with this checkout's, and the figures print as baseline / now / ratio.
//
//   npx tsx scripts/bench/backup-load.bench.ts [--baseline <ref>]
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
import { baselineArgument, prepareBaseline, sideBySide } from './baseline';
import { benchServerEnv } from './feed-load.bench';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const RATE = Number(process.env.BENCH_BACKUP_RATE || 100);
const CONNECTIONS = 8;
const PORT = Number(process.env.BENCH_BACKUP_PORT || 3740);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || '';
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

interface Tree {
  label: string;
  dir: string;
}

/** Runs a script of a tree to its end; rejects with its last lines when it fails. */
function run(tree: Tree, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: tree.dir, env: { ...process.env, ...env }, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}:\n${out.slice(-2000)}`))));
  });
}

async function startServer(tree: Tree, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: tree.dir,
    env: { ...benchServerEnv(port), BACKUPS: 'off', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`${tree.label}'s server did not get ready on port ${port} within ${SERVER_START_MS / 1000} s`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/** Readers at RATE requests a second: the feed's first page, posts, photos, authors' profiles and posts. */
function load(target: Target): { stop(): void; done: Promise<Figures> } {
  const { paths } = target;
  const started = performance.now();
  let settle: (error: Error | null, result: autocannon.Result) => void = () => undefined;
  const done = new Promise<Figures>((resolve, reject) => {
    settle = (error, result) => {
      if (error) return reject(error);
      const seconds = (performance.now() - started) / 1000;
      resolve({
        seconds,
        rps: result.requests.total / seconds,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        errors: result.errors + result.non2xx + result.timeouts,
      });
    };
  });
  const instance = autocannon(
    {
      url: target.url,
      connections: CONNECTIONS,
      overallRate: RATE,
      duration: 600,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[Math.floor(Math.random() * paths.length)]! }) }],
    },
    // @types/autocannon types the error as any: it is an Error or null.
    (error, result) => settle(error as Error | null, result),
  );
  return { stop: () => instance.stop(), done };
}

/** A tree's server, ready and seeded: where it listens, what readers ask of it, how its backup is made. */
interface Target {
  tree: Tree;
  url: string;
  paths: string[];
  env: Record<string, string>;
  scratch: string;
}

async function duringBackup(target: Target, file: string): Promise<{ figures: Figures; line: string }> {
  const readers = load(target);
  try {
    const line = (await run(target.tree, ['scripts/backup.ts', file], target.env)).trim().split('\n').pop() ?? '';
    readers.stop();
    return { figures: await readers.done, line };
  } finally {
    readers.stop();
    fs.rmSync(file, { force: true });
  }
}

async function quiet(target: Target, seconds: number): Promise<Figures> {
  const readers = load(target);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  readers.stop();
  return readers.done;
}

/** Seeds a tree's database with its own `npm run seed`, starts its server and finds the readers' paths. */
async function prepare(kind: 'PGlite' | 'PostgreSQL', tree: Tree, port: number, scratch: string, databases: string[]): Promise<Target> {
  const env: Record<string, string> = { DATA_DIR: path.join(scratch, 'data') };
  if (kind === 'PostgreSQL') {
    const database = `plop_backup_load_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    databases.push(database);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  await run(tree, ['scripts/seed/seed.ts'], env);
  const child = await startServer(tree, port, env);
  servers.push(child);
  const url = `http://127.0.0.1:${port}`;
  const feed = (await (await fetch(`${url}/api/poops/feed`)).json()) as { poops: Array<{ id: string; uid: string; image: string }> };
  const authors = [...new Set(feed.poops.map((post) => post.uid))];
  const candidates = [
    '/api/poops/feed',
    ...feed.poops.map((post) => `/api/poops/${post.id}`),
    ...feed.poops.slice(0, 10).map((post) => post.image),
    ...authors.flatMap((uid) => [`/api/users/${uid}`, `/api/users/${uid}/poops`]),
  ];
  const probe = await Promise.all(candidates.map(async (p) => [p, (await fetch(`${url}${p}`)).status] as const));
  const paths = probe.filter(([, status]) => status === 200).map(([p]) => p);
  if (paths.length < 10)
    throw new Error(`${tree.label}: only ${paths.length} of the readers' paths answer 200: ${JSON.stringify(probe.slice(0, 5))}`);
  const target = { tree, url, paths, env, scratch };
  await quiet(target, 3); // warm-up
  return target;
}

const servers: ChildProcess[] = [];

async function benchOn(kind: 'PGlite' | 'PostgreSQL', trees: Tree[]): Promise<void> {
  const databases: string[] = [];
  const scratches = trees.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'plop-backup-load-')));
  try {
    const targets: Target[] = [];
    for (const [index, tree] of trees.entries()) targets.push(await prepare(kind, tree, PORT + index, scratches[index]!, databases));
    const backups = targets.map(() => [] as Figures[]);
    const quiets = targets.map(() => [] as Figures[]);
    const lines = targets.map(() => '');
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? targets.map((_, i) => i) : targets.map((_, i) => i).reverse();
      for (const index of order) {
        const target = targets[index]!;
        const file = path.join(target.scratch, `round-${round}.zip`);
        if (round % 2 === 0) {
          const during = await duringBackup(target, file);
          backups[index]!.push(during.figures);
          lines[index] = during.line;
          quiets[index]!.push(await quiet(target, during.figures.seconds));
        } else {
          quiets[index]!.push(await quiet(target, backups[index]!.at(-1)!.seconds));
          const during = await duringBackup(target, file);
          backups[index]!.push(during.figures);
          lines[index] = during.line;
        }
      }
    }
    const m = (figures: Figures[], key: keyof Figures) => median(figures.map((f) => f[key]));
    const errors = (figures: Figures[]) => figures.reduce((sum, f) => sum + f.errors, 0);
    say(`${kind}, ${RATE} req/s over ${CONNECTIONS} connections (${targets[0]!.paths.length} paths), medians of ${ROUNDS} rounds:`);
    if (targets.length === 2) {
      const [b, n] = [0, 1];
      say(`  ${trees[b]!.label} / ${trees[n]!.label} / ratio:`);
      say(`  backup time:    ${sideBySide(m(backups[b]!, 'seconds'), m(backups[n]!, 'seconds'), 's', 1)}`);
      say(
        `  during a backup: p99 ${sideBySide(m(backups[b]!, 'p99'), m(backups[n]!, 'p99'), 'ms')}, p50 ${sideBySide(m(backups[b]!, 'p50'), m(backups[n]!, 'p50'), 'ms')}`,
      );
      say(
        `  no backup:       p99 ${sideBySide(m(quiets[b]!, 'p99'), m(quiets[n]!, 'p99'), 'ms')}, p50 ${sideBySide(m(quiets[b]!, 'p50'), m(quiets[n]!, 'p50'), 'ms')}`,
      );
    }
    for (const [index, tree] of trees.entries()) {
      const bs = backups[index]!;
      const qs = quiets[index]!;
      say(`  ${tree.label}:`);
      say(
        `    during a backup (${m(bs, 'seconds').toFixed(1)} s): p50 ${m(bs, 'p50')} ms, p99 ${m(bs, 'p99')} ms, max ${Math.max(...bs.map((f) => f.max))} ms, ${m(bs, 'rps').toFixed(0)} req/s, ${errors(bs)} errors`,
      );
      say(
        `    no backup, as long:  p50 ${m(qs, 'p50')} ms, p99 ${m(qs, 'p99')} ms, max ${Math.max(...qs.map((f) => f.max))} ms, ${m(qs, 'rps').toFixed(0)} req/s, ${errors(qs)} errors`,
      );
      say(`    each round's p99 (backup / none): ${bs.map((f, i) => `${f.p99}/${qs[i]!.p99}`).join(', ')} ms`);
      say(`    last archive: ${lines[index]}`);
    }
  } finally {
    for (const server of servers.splice(0)) await stopServer(server);
    for (const database of databases) {
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
    for (const scratch of scratches) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

say(
  `Latency during a backup: Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const asked = baselineArgument();
const now: Tree = { label: 'now', dir: process.cwd() };
const baseline = asked === undefined ? undefined : prepareBaseline(asked);
const trees = baseline ? [{ label: `baseline ${baseline.commit.slice(0, 7)}`, dir: baseline.dir }, now] : [now];
await benchOn('PGlite', trees);
if (POSTGRES_URL) await benchOn('PostgreSQL', trees);

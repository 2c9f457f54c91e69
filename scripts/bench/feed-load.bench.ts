// The feed under load, side by side (`npm run bench -- --baseline <ref>`): the API of the baseline's
// worktree and this checkout's, each its own process (`server/main.ts` through tsx, as `npm start`
// runs it) on a database of its own seeded alike by that tree's own migrations, measured in turn,
// round by round (the order alternating), so a busier minute of this shared machine falls on both.
// The workload is issue 59's: 48 anonymous readers of the feed's first page and 16 signed-in readers
// (1,000 accounts with a session each) of whom one request in ten likes or unlikes a post of that
// page, 64 connections in all, on PostgreSQL (BENCH_DATABASE_URL) and, beside it, on PGlite.
// Only the HTTP API is used, so an older build is measured as it shipped.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { sideBySide } from './baseline';

export interface Tree {
  label: string;
  dir: string;
}

interface LoadFigures {
  anonymousRps: number;
  anonymousP99: number;
  signedInRps: number;
  signedInP99: number;
  /** The signed-in requests apart: their feed reads' p99 and their likes' (timed from each request's setup to its answer). */
  signedInReadP99: number;
  likeP99: number;
  errors: number;
}

export interface LoadRow {
  database: 'PostgreSQL' | 'PGlite';
  tree: string;
  figures: LoadFigures;
  rounds: LoadFigures[];
}

const POSTS = Number(process.env.BENCH_POSTS || 100_000);
const DURATION = Number(process.env.BENCH_DURATION || 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const ANONYMOUS = 48;
const SIGNED_IN = 16;
const VIEWERS = 1_000;
/** The share of the signed-in readers' requests that like or unlike a post of the first page (BENCH_LIKE_SHARE, 0.1). */
const LIKE_SHARE = Number(process.env.BENCH_LIKE_SHARE ?? 0.1);
const SERVER_START_MS = 120_000;
const SERVER_STOP_MS = 40_000;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
/** BENCH_SERVER_CPU_PROF=<dir>: each server runs with `node --cpu-prof`, its profiles (one a thread) written to a folder of its own there when it stops. */
const CPU_PROF_DIR = process.env.BENCH_SERVER_CPU_PROF ?? '';
const say = (text: string) => process.stdout.write(`${text}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], share: number) =>
  values.length === 0 ? 0 : Math.round([...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!);

/** The database layer as both trees export it (server/db/database.ts and migrate.ts). */
interface TreeDatabase {
  execScript(script: string): Promise<void>;
  close(): Promise<void>;
}

function seedScript(hashes: string[]): string {
  return `
    INSERT INTO users (uid, email, username, username_searchable)
      VALUES ('bench-author', 'bench@example.com', 'BenchAuthor', 'benchauthor');
    INSERT INTO poops (id, uid, username, type, title, description, status, image_key, placeholder,
                       width, height, likes, created_date, modified_date, private, show_in_map)
    SELECT gen_random_uuid(), 'bench-author', 'BenchAuthor', 'Type ' || (1 + i % 7), 'Post ' || i,
           'Seeded for the feed benchmark', CASE WHEN i % 50 = 0 THEN 'pending' ELSE 'approved' END,
           'poops/bench-author/Type%201/' || i, '', 1024, 768, i % 97,
           ts, ts, i % 20 = 0, i % 3 = 0
    FROM (SELECT i, timestamptz '2026-01-01T00:00:00Z' + i * interval '1 minute' AS ts
          FROM generate_series(1, ${Math.trunc(POSTS)}) AS i) AS s;
    INSERT INTO users (uid, email, username, username_searchable)
      SELECT 'viewer-' || i, 'viewer' || i || '@example.com', 'Viewer' || i, 'viewer' || i FROM generate_series(1, ${VIEWERS}) AS i;
    INSERT INTO sessions (id, uid, anonymous, expires_at)
      SELECT hash, 'viewer-' || ordinality, false, now() + interval '1 day'
      FROM unnest(ARRAY[${hashes.map((hash) => `'${hash}'`).join(', ')}]) WITH ORDINALITY AS h(hash, ordinality);
    ANALYZE;`;
}

/** Migrates and seeds a tree's database with that tree's own code, then closes it for its server. */
async function seedWithTree(tree: Tree, target: { url?: string; dataDir?: string }, hashes: string[]): Promise<void> {
  const load = (file: string) => import(pathToFileURL(path.join(tree.dir, file)).href);
  const { openDatabase } = (await load('server/db/database.ts')) as {
    openDatabase: (options: { url?: string; dataDir?: string }) => Promise<TreeDatabase>;
  };
  const { migrate } = (await load('server/db/migrate.ts')) as { migrate: (database: TreeDatabase) => Promise<void> };
  const database = await openDatabase(target);
  try {
    await migrate(database);
    await database.execScript(seedScript(hashes));
  } finally {
    await database.close();
  }
}

interface Server {
  tree: Tree;
  url: string;
  child: ChildProcess;
  log: string[];
}

/**
 * What a bench's API server runs with (`server/main.ts` through tsx, as `npm start` runs it): production,
 * on loopback at `port`, the API only, no rate limit, warnings only in the log, and an Auth emulator
 * address nothing answers (the benches sign in with sessions they seed).
 */
export function benchServerEnv(port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    STATIC_DIR: '',
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'warn',
    FIREBASE_PROJECT_ID: 'demo-plop-bench',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
  };
}

async function startServer(tree: Tree, port: number, env: Record<string, string>): Promise<Server> {
  const log: string[] = [];
  // Node names each thread's profile itself (tsx's loader has a thread of its own): a folder per server.
  const profiling = CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR, `${tree.label.replace(/\W+/g, '-')}-${port}`)}`]
    : [];
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', 'server/main.ts'], {
    cwd: tree.dir,
    env: { ...benchServerEnv(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean).slice(-20));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/api/poops/feed`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { tree, url, child, log };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`${tree.label}'s server did not answer on ${url} within ${SERVER_START_MS / 1000} s:\n${log.slice(-20).join('\n')}`);
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), SERVER_STOP_MS);
  await exited;
  clearTimeout(timer);
}

/** One measurement: the anonymous and the signed-in readers at once, for `seconds`. */
async function measure(server: Server, cookies: string[], posts: string[], seconds: number): Promise<LoadFigures> {
  const pick = <T>(values: T[]): T => values[Math.floor(Math.random() * values.length)]!;
  // Each connection's request in flight (autocannon's per-connection context): what it is and when it was set up.
  const times = { read: [] as number[], like: [] as number[] };
  const inFlight = new WeakMap<object, { kind: 'read' | 'like'; start: number }>();
  const [anonymous, signedIn] = await Promise.all([
    autocannon({ url: `${server.url}/api/poops/feed`, connections: ANONYMOUS, duration: seconds }),
    autocannon({
      url: server.url,
      connections: SIGNED_IN,
      duration: seconds,
      requests: [
        {
          setupRequest: (request, context) => {
            const cookie = pick(cookies);
            const like = Math.random() < LIKE_SHARE;
            inFlight.set(context, { kind: like ? 'like' : 'read', start: performance.now() });
            if (like)
              return {
                ...request,
                method: Math.random() < 0.5 ? 'PUT' : 'DELETE',
                path: `/api/poops/${pick(posts)}/like`,
                headers: { cookie },
                body: undefined,
              };
            return { ...request, method: 'GET', path: '/api/poops/feed', headers: { cookie }, body: undefined };
          },
          onResponse: (_status, _body, context) => {
            const request = inFlight.get(context);
            if (request) times[request.kind].push(performance.now() - request.start);
          },
        },
      ],
    }),
  ]);
  const errors = (r: autocannon.Result) => r.errors + r.non2xx + r.timeouts;
  return {
    anonymousRps: anonymous.requests.average,
    anonymousP99: anonymous.latency.p99,
    signedInRps: signedIn.requests.average,
    signedInP99: signedIn.latency.p99,
    signedInReadP99: percentile(times.read, 0.99),
    likeP99: percentile(times.like, 0.99),
    errors: errors(anonymous) + errors(signedIn),
  };
}

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** The trees side by side on one kind of database; `port` and the next ones are the servers'. */
async function sideBySideOn(kind: 'PostgreSQL' | 'PGlite', trees: Tree[], port: number): Promise<LoadRow[]> {
  const cookies = Array.from({ length: VIEWERS }, () => randomBytes(32).toString('base64url'));
  const hashes = cookies.map((cookie) => createHash('sha256').update(cookie).digest('base64url'));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-feed-load-'));
  const databases: string[] = [];
  const servers: Server[] = [];
  try {
    for (const [index, tree] of trees.entries()) {
      const started = Date.now();
      let env: Record<string, string>;
      if (kind === 'PostgreSQL') {
        const name = `plop_feed_load_${index}_${randomUUID().slice(0, 8)}`;
        databases.push(name);
        const url = await createDatabase(name);
        await seedWithTree(tree, { url }, hashes);
        env = { DATABASE_URL: url, DATA_DIR: path.join(scratch, `data-${index}`) };
      } else {
        const dataDir = path.join(scratch, `data-${index}`);
        await seedWithTree(tree, { dataDir: path.join(dataDir, 'pglite') }, hashes);
        env = { DATA_DIR: dataDir };
      }
      servers.push(await startServer(tree, port + index, env));
      say(
        `  ${kind}, ${tree.label}: seeded ${POSTS.toLocaleString('en-US')} posts and started in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const posts = await Promise.all(
      servers.map(async (server) => {
        const text = await (await fetch(`${server.url}/api/poops/feed`)).text();
        const ids = [...text.matchAll(/"id":"([0-9a-f-]{36})"/g)].map((match) => match[1]!);
        if (ids.length === 0) throw new Error(`${server.tree.label}: the feed's first page has no posts`);
        return ids;
      }),
    );
    const viewerCookies = cookies.map((cookie) => `plop_session=${cookie}`);
    for (const [index, server] of servers.entries()) {
      const warm = await measure(server, viewerCookies, posts[index]!, 2);
      if (warm.errors > 0)
        throw new Error(`${server.tree.label}: ${warm.errors} errors in the warm-up:\n${server.log.slice(-10).join('\n')}`);
    }
    const rounds = servers.map(() => [] as LoadFigures[]);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? servers.map((_, i) => i) : servers.map((_, i) => i).reverse();
      for (const index of order) rounds[index]!.push(await measure(servers[index]!, viewerCookies, posts[index]!, DURATION));
    }
    return servers.map((server, index) => {
      const measured = rounds[index]!;
      return {
        database: kind,
        tree: server.tree.label,
        rounds: measured,
        figures: {
          anonymousRps: median(measured.map((r) => r.anonymousRps)),
          anonymousP99: median(measured.map((r) => r.anonymousP99)),
          signedInRps: median(measured.map((r) => r.signedInRps)),
          signedInP99: median(measured.map((r) => r.signedInP99)),
          signedInReadP99: median(measured.map((r) => r.signedInReadP99)),
          likeP99: median(measured.map((r) => r.likeP99)),
          errors: measured.reduce((sum, r) => sum + r.errors, 0),
        },
      };
    });
  } finally {
    for (const server of servers) await stopServer(server);
    for (const name of databases) await dropDatabase(name);
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Issue 59's feed workload on every tree, PostgreSQL (when configured) then PGlite; prints baseline / now / ratio. */
export async function feedLoadSideBySide(baseline: Tree, now: Tree, port: number): Promise<LoadRow[]> {
  say(
    `Feed under load, side by side: ${ANONYMOUS} anonymous + ${SIGNED_IN} signed-in readers (${LIKE_SHARE * 100}% of theirs likes), ` +
      `${POSTS.toLocaleString('en-US')} posts, ${ROUNDS} x ${DURATION} s alternating, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const rows: LoadRow[] = [];
  const kinds: Array<'PostgreSQL' | 'PGlite'> = [...(POSTGRES_URL ? (['PostgreSQL'] as const) : []), 'PGlite'];
  if (process.env.BENCH_PGLITE === '0') kinds.splice(kinds.indexOf('PGlite'), 1);
  for (const kind of kinds) {
    const [base, current] = await sideBySideOn(kind, [baseline, now], port);
    rows.push(base!, current!);
    const b = base!.figures;
    const n = current!.figures;
    say(`${kind} (${baseline.label} / ${now.label} / ratio, medians of ${ROUNDS}):`);
    say(`  anonymous: ${sideBySide(b.anonymousRps, n.anonymousRps, 'req/s')}, p99 ${sideBySide(b.anonymousP99, n.anonymousP99, 'ms')}`);
    say(`  signed in: ${sideBySide(b.signedInRps, n.signedInRps, 'req/s')}, p99 ${sideBySide(b.signedInP99, n.signedInP99, 'ms')}`);
    say(
      `    of which feed reads p99 ${sideBySide(b.signedInReadP99, n.signedInReadP99, 'ms')}, likes p99 ${sideBySide(b.likeP99, n.likeP99, 'ms')}`,
    );
    say(`  errors: ${b.errors} / ${n.errors}`);
    for (const row of [base!, current!])
      say(
        `  ${row.tree} rounds: ${row.rounds.map((r) => `${Math.round(r.anonymousRps)}+${Math.round(r.signedInRps)} req/s p99 ${r.anonymousP99}/${r.signedInP99} ms`).join('; ')}`,
      );
  }
  return rows;
}

// Feed benchmark: seeds BENCH_POSTS (100,000) posts with one bulk INSERT ... SELECT, then
// measures requests/s, p50/p99 latency and errors of feed pages over real HTTP (autocannon), on
// PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL. Signed-in runs
// open a real session through the Firebase Auth emulator (BENCH_AUTH=0 skips them). The feed runs
// on the default app (FEED_CACHE=off: the database path, which carries the target). The mixed
// workload (1,000 signed-in viewers, 95% page reads across 50 pages, 5% likes and comments) runs
// there, on an app with FEED_CACHE=on beside it (to judge the cache where writes keep emptying it)
// and, on PostgreSQL, as a bare `pg` client running the same SQL (what the API adds above the database).
//
//   npx tsx scripts/bench/feed.bench.ts
//
// Knobs: BENCH_POSTS, BENCH_DURATION (seconds per scenario, default 5), BENCH_ROUNDS (rounds of
// every scenario side by side, medians reported; default 3), BENCH_CONNECTIONS (default 64),
// BENCH_PGLITE=0 (PostgreSQL only), BENCH_AUTH_EMULATOR_PORT (default 9298). scripts/bench/run.ts
// (npm run bench) uses it.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { FEED_PAGE_SIZE } from '../../core/constants';
import { encodeCursor } from '../../core/keyset-cursor';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, POOL_SIZE, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { firebaseIdentity } from '../../server/integrations/firebase-auth';
import { startAuthEmulator, type RunningEmulator } from '../lib/auth-emulator.mjs';

const POSTS = Number(process.env.BENCH_POSTS || 100_000);
const DURATION = Number(process.env.BENCH_DURATION || 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 64);
const EMULATOR_PORT = Number(process.env.BENCH_AUTH_EMULATOR_PORT || 9298);
const PROJECT_ID = 'demo-plop-bench';
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
export { EMULATOR_PORT, PROJECT_ID };

export interface Row {
  kind: 'pglite' | 'postgres';
  database: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * CPU time of this process (the server and autocannon, one thread) per request, µs: steadier than
   * req/s when other work shares the machine. PGlite's engine runs in it; PostgreSQL's backends do not.
   */
  cpuUs: number;
}

const say = (text: string) => process.stdout.write(`${text}\n`);

async function openTarget(kind: 'pglite' | 'postgres'): Promise<{ database: Database; schemaName?: string }> {
  if (kind === 'pglite') return { database: await openDatabase({}) };
  const schemaName = `bench_${randomUUID().replace(/-/g, '')}`;
  const database = await openDatabase({ url: POSTGRES_URL, schemaName });
  const dropping: Database = {
    ...database,
    async close() {
      await database.close();
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schemaName} CASCADE`);
      await admin.end();
    },
  };
  return { database: dropping, schemaName };
}

/**
 * 100,000 posts a minute apart in one statement; 1 in 20 private, 1 in 50 pending, like the real mix.
 * Image keys are under the author's uid, as new posts are: keys under an e-mail (the old layout) make
 * each server's start-up storage sweep move all 100,000 rows while the benchmark runs.
 */
async function seed(database: Database): Promise<void> {
  await database.execScript(`
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
    ANALYZE poops;`);
}

/** The suffix of a scenario measured on the app with FEED_CACHE=on. */
const CACHE_ON = ', cache on';

/** A cursor in the middle of the feed, to show a deep page costs what the first one does. */
async function middleCursor(database: Database): Promise<string> {
  const result = (await database.db.execute(sql`
    SELECT id, modified_date FROM poops
    WHERE status = 'approved' AND NOT deleted AND NOT private
    ORDER BY modified_date DESC, id DESC OFFSET ${Math.floor(POSTS / 2)} LIMIT 1`)) as {
    rows: Array<{ id: string; modified_date: string | Date }>;
  };
  const row = result.rows[0];
  if (!row) throw new Error('no posts seeded');
  return encodeCursor({ at: new Date(row.modified_date), id: row.id });
}

/** Viewers of the mixed workload, each with a session of their own (a real account: they like and comment). */
export const MIXED_VIEWERS = 1_000;
/** Pages the mixed workload reads: half its reads are the first page, the rest spread over the next ones. */
const MIXED_PAGES = 50;
/** The share of the mixed workload's requests that write (a like, or a comment), the rest read a page. */
const MIXED_WRITE_SHARE = Number(process.env.BENCH_WRITE_SHARE || 0.05);

/** A viewer of the mixed workload: their account, their cookie, and the session row's key. */
interface MixedViewer {
  uid: string;
  cookie: string;
  sessionHash: string;
}

/**
 * 1,000 accounts with a session each, written straight into the tables (signing 1,000 people up
 * through the Auth emulator would take minutes): the cookie is random, the row holds its SHA-256,
 * as SessionService makes them.
 */
async function mixedViewers(database: Database): Promise<MixedViewer[]> {
  const viewers = Array.from({ length: MIXED_VIEWERS }, (_, i) => {
    const cookie = randomBytes(32).toString('base64url');
    return {
      uid: `viewer-${i + 1}`,
      cookie: `plop_session=${cookie}`,
      sessionHash: createHash('sha256').update(cookie).digest('base64url'),
    };
  });
  await database.execScript(`
    INSERT INTO users (uid, email, username, username_searchable)
      SELECT 'viewer-' || i, 'viewer' || i || '@example.com', 'Viewer' || i, 'viewer' || i FROM generate_series(1, ${MIXED_VIEWERS}) AS i;
    INSERT INTO sessions (id, uid, anonymous, expires_at)
      SELECT hash, 'viewer-' || ordinality, false, now() + interval '1 day'
      FROM unnest(ARRAY[${viewers.map((viewer) => `'${viewer.sessionHash}'`).join(', ')}]) WITH ORDINALITY AS h(hash, ordinality);`);
  return viewers;
}

/** The feed's first MIXED_PAGES pages: each one's cursor ('' for the first) and keyset position, and the posts on them (what people like). */
interface MixedPages {
  cursors: string[];
  positions: Array<{ at: Date; id: string } | undefined>;
  posts: string[];
}

async function mixedPages(database: Database): Promise<MixedPages> {
  const result = (await database.db.execute(sql`
    SELECT id, modified_date FROM poops
    WHERE status = 'approved' AND NOT deleted AND NOT private
    ORDER BY modified_date DESC, id DESC LIMIT ${MIXED_PAGES * FEED_PAGE_SIZE}`)) as {
    rows: Array<{ id: string; modified_date: string | Date }>;
  };
  const pages: MixedPages = { cursors: [''], positions: [undefined], posts: result.rows.map((row) => row.id) };
  for (let page = 1; page < MIXED_PAGES; page++) {
    const last = result.rows[page * FEED_PAGE_SIZE - 1]!;
    const position = { at: new Date(last.modified_date), id: last.id };
    pages.cursors.push(encodeCursor(position));
    pages.positions.push(position);
  }
  return pages;
}

/**
 * The mixed workload: every request from one of 1,000 signed-in viewers at random; 95% read a feed
 * page (half the first page, half one of the next 49), 5% write what a page shows (a like or an
 * unlike, or a comment, on a post of those pages). Each write empties a server's page cache, so
 * this is where the cache has to earn its keep.
 */
async function measureMixed(baseUrl: string, viewers: MixedViewer[], pages: MixedPages, seconds: number) {
  const pick = <T>(values: T[]): T => values[Math.floor(Math.random() * values.length)]!;
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const { cookie } = pick(viewers);
          const roll = Math.random();
          if (roll < MIXED_WRITE_SHARE / 2) {
            return {
              ...request,
              method: Math.random() < 0.5 ? 'PUT' : 'DELETE',
              path: `/api/poops/${pick(pages.posts)}/like`,
              headers: { cookie },
              body: undefined,
            };
          }
          if (roll < MIXED_WRITE_SHARE) {
            return {
              ...request,
              method: 'POST',
              path: `/api/poops/${pick(pages.posts)}/comments`,
              headers: { cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ id: randomUUID(), text: 'Seen in the benchmark' }),
            };
          }
          const cursor = Math.random() < 0.5 ? '' : pick(pages.cursors.slice(1));
          return {
            ...request,
            method: 'GET',
            path: cursor ? `/api/poops/feed?cursor=${cursor}` : '/api/poops/feed',
            headers: { cookie },
            body: undefined,
          };
        },
      },
    ],
  });
  return figuresOf(result, process.cpuUsage(cpuBefore));
}

/** The columns of a feed row, as the API selects them (PoopRepository's list columns). */
const FEED_COLUMNS = `id, uid, username, user_photo_url, is_user_premium, type, title, description, status, placeholder,
  width, height, likes, comments, geohash, latitude, longitude, place_name, created_date, modified_date,
  is_completed, verified, deleted, private, show_in_map`;
const FEED_PUBLIC = `status = 'approved' AND NOT deleted AND NOT private`;
const FEED_LIKED = 'EXISTS (SELECT 1 FROM likes AS my_like WHERE my_like.poop_id = poops.id AND my_like.uid = $1)';
const FEED_ORDER = `ORDER BY modified_date DESC, id DESC LIMIT $2`;
const BARE_SQL = {
  session: `SELECT s.uid, u.email, s.anonymous, s.expires_at FROM sessions s JOIN users u ON u.uid = s.uid WHERE s.id = $1 AND s.expires_at > $2`,
  firstPage: `SELECT ${FEED_COLUMNS}, ${FEED_LIKED} FROM poops WHERE ${FEED_PUBLIC} ${FEED_ORDER}`,
  nextPage: `SELECT ${FEED_COLUMNS}, ${FEED_LIKED} FROM poops WHERE ${FEED_PUBLIC} AND (modified_date, id) < ($3::timestamptz, $4::uuid) ${FEED_ORDER}`,
  access: `SELECT id, uid, status, deleted, private, verified, image_key FROM poops WHERE id = $1 LIMIT 1`,
  like: `INSERT INTO likes (uid, poop_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING uid`,
  unlike: `DELETE FROM likes WHERE uid = $1 AND poop_id = $2 RETURNING uid`,
  likes: `SELECT likes FROM poops WHERE id = $1`,
  comment: `INSERT INTO comments (id, poop_id, uid, text, created) VALUES ($1, $2, $3, $4, now()) ON CONFLICT (id) DO NOTHING RETURNING id`,
};

/**
 * The mixed workload as a bare `pg` client: CONNECTIONS workers at once on a pool the size of the
 * app's, each request the same mix and the statements the API's request runs on the database (the
 * session, then the feed page; or the session, the post's access row and the like or comment in a
 * transaction), as named prepared statements, without HTTP, Fastify, schemas or mapping. The API's
 * writes also write notifications and points; the reads, 95% of it, are the same.
 */
async function measureBareMixed(url: string, schemaName: string, viewers: MixedViewer[], pages: MixedPages, seconds: number) {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, options: `-c search_path=${schemaName}` });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const pick = <T>(values: T[]): T => values[Math.floor(Math.random() * values.length)]!;
  const run = (client: pg.Pool | pg.PoolClient, name: keyof typeof BARE_SQL, values: unknown[]) =>
    client.query({ name, text: BARE_SQL[name], values });
  // As the API does: each statement on whichever pooled connection is free, a write's transaction on one.
  const write = async (viewer: MixedViewer, roll: number) => {
    const poopId = pick(pages.posts);
    await run(pool, 'access', [poopId]);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      if (roll < MIXED_WRITE_SHARE / 2) {
        await run(client, Math.random() < 0.5 ? 'like' : 'unlike', [viewer.uid, poopId]);
        await run(client, 'likes', [poopId]);
      } else {
        await run(client, 'comment', [randomUUID(), poopId, viewer.uid, 'Seen in the benchmark']);
      }
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  };
  const once = async () => {
    const viewer = pick(viewers);
    await run(pool, 'session', [viewer.sessionHash, new Date()]);
    const roll = Math.random();
    if (roll < MIXED_WRITE_SHARE) return write(viewer, roll);
    const page = Math.random() < 0.5 ? undefined : pick(pages.positions.slice(1));
    if (page) await run(pool, 'nextPage', [viewer.uid, FEED_PAGE_SIZE + 1, page.at, page.id]);
    else await run(pool, 'firstPage', [viewer.uid, FEED_PAGE_SIZE + 1]);
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const at = performance.now();
        try {
          await once();
          latencies.push(performance.now() - at);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    cpuUs: (cpu.user + cpu.system) / Math.max(1, latencies.length),
  };
}

/** The scenario name of the mixed workload, on the default app (FEED_CACHE=off): the one the target judges. */
export const MIXED = `mixed: ${MIXED_VIEWERS.toLocaleString('en-US')} viewers, 95% reads across ${MIXED_PAGES} pages, 5% likes and comments`;

async function sessionCookie(baseUrl: string, emulatorHost: string): Promise<string> {
  const signUp = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: 'secret123', returnSecureToken: true }),
  });
  const { idToken } = (await signUp.json()) as { idToken: string };
  const res = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  if (!res.ok) throw new Error(`POST /api/session: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function measure(url: string, headers: Record<string, string>, seconds: number) {
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return figuresOf(result, process.cpuUsage(cpuBefore));
}

/** What a run measured: req/s, latency, errors, and this process's CPU per request. */
function figuresOf(result: autocannon.Result, cpu: NodeJS.CpuUsage) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpuUs: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
  };
}

/** The same workload as a bare `pg` client (PostgreSQL only). */
export const MIXED_BARE = `${MIXED}, bare pg client`;

export async function benchTarget(kind: 'pglite' | 'postgres', emulatorHost: string | undefined): Promise<Row[]> {
  const label = kind === 'pglite' ? 'PGlite' : `PostgreSQL (${new URL(POSTGRES_URL).host})`;
  const { database, schemaName } = await openTarget(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-bench-'));
  try {
    await migrate(database);
    const started = Date.now();
    await seed(database);
    say(`${label}: seeded ${POSTS.toLocaleString('en-US')} posts in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const env = {
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost ?? '127.0.0.1:9',
    };
    const config = loadConfig(env);
    const identity = firebaseIdentity(config.firebase);
    // The app as it ships (FEED_CACHE=off), and the same server with the feed page cache on, on the same database.
    const app = await buildApp({ config, database, identity, logger: false });
    const cached = await buildApp({ config: loadConfig({ ...env, FEED_CACHE: 'on' }), database, identity, logger: false });
    try {
      const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const cachedUrl = await cached.listen({ port: 0, host: '127.0.0.1' });
      const deep = await middleCursor(database);
      const feeds: Array<[string, string, Record<string, string>]> = [
        ['feed page 1, anonymous', '/api/poops/feed', {}],
        ['feed page at 50%, anonymous', `/api/poops/feed?cursor=${deep}`, {}],
      ];
      if (emulatorHost) {
        const cookie = await sessionCookie(baseUrl, emulatorHost);
        feeds.push(['feed page 1, signed in', '/api/poops/feed', { cookie }]);
      }
      const viewers = await mixedViewers(database);
      const pages = await mixedPages(database);
      type Run = (seconds: number) => ReturnType<typeof measure>;
      const scenarios: Array<[string, Run]> = [
        ...feeds.map(([scenario, route, headers]): [string, Run] => [
          scenario,
          (seconds) => measure(`${baseUrl}${route}`, headers, seconds),
        ]),
        [MIXED, (seconds) => measureMixed(baseUrl, viewers, pages, seconds)],
        [`${MIXED}${CACHE_ON}`, (seconds) => measureMixed(cachedUrl, viewers, pages, seconds)],
      ];
      if (schemaName) scenarios.push([MIXED_BARE, (seconds) => measureBareMixed(POSTGRES_URL, schemaName, viewers, pages, seconds)]);
      // BENCH_SCENARIO=<text>: only the scenarios whose name contains it (e.g. to profile one); =<name>: only that one.
      const only = process.env.BENCH_SCENARIO;
      const chosen = (scenario: string) => (only?.startsWith('=') ? scenario === only.slice(1) : scenario.includes(only ?? ''));
      if (only) scenarios.splice(0, scenarios.length, ...scenarios.filter(([scenario]) => chosen(scenario)));
      for (const [scenario, run] of scenarios) {
        const warm = await run(2); // warm-up (JIT, caches, pool, prepared statements)
        if (warm.errors > 0) throw new Error(`${scenario}: ${warm.errors} errors in the warm-up`);
      }
      // Rounds of every scenario one after the other, so a noisy neighbour hits them alike.
      const runs = new Map<string, Array<Awaited<ReturnType<typeof measure>>>>();
      for (let round = 0; round < ROUNDS; round++) {
        for (const [scenario, run] of scenarios) {
          const result = await run(DURATION);
          runs.set(scenario, [...(runs.get(scenario) ?? []), result]);
        }
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const rows: Row[] = scenarios.map(([scenario]) => {
        const results = runs.get(scenario)!;
        return {
          kind,
          database: label,
          scenario,
          rps: median(results.map((r) => r.rps)),
          p50: median(results.map((r) => r.p50)),
          p99: median(results.map((r) => r.p99)),
          errors: results.reduce((sum, r) => sum + r.errors, 0),
          cpuUs: median(results.map((r) => r.cpuUs)),
        };
      });
      for (const row of rows)
        say(
          `  ${row.scenario}: ${Math.round(row.rps)} req/s, p99 ${row.p99} ms, ${row.errors} errors, ${Math.round(row.cpuUs)} µs CPU/request (median of ${ROUNDS})`,
        );
      return rows;
    } finally {
      await app.close();
      await cached.close();
      await identity.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function table(rows: Row[]): string {
  const header = ['database', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'µs CPU/req'];
  const cells = rows.map((r) => [
    r.database,
    r.scenario,
    Math.round(r.rps).toString(),
    r.p50.toString(),
    r.p99.toString(),
    r.errors.toString(),
    Math.round(r.cpuUs).toString(),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) => `| ${values.map((v, i) => (i >= 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`,
    ...cells.map(line),
  ].join('\n');
}

async function main(): Promise<void> {
  say(
    `Feed benchmark: ${POSTS.toLocaleString('en-US')} posts, ${CONNECTIONS} connections, ${ROUNDS} x ${DURATION} s per scenario, Node ${process.version}, ${os.cpus().length} CPUs`,
  );
  let emulator: RunningEmulator | undefined;
  const emulatorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-bench-auth-'));
  if (process.env.BENCH_AUTH !== '0') {
    emulator = await startAuthEmulator({ port: EMULATOR_PORT, projectId: PROJECT_ID, dataDir: emulatorDir, persist: false, quiet: true });
  }
  try {
    const host = emulator ? `127.0.0.1:${EMULATOR_PORT}` : undefined;
    const rows = process.env.BENCH_PGLITE === '0' ? [] : await benchTarget('pglite', host);
    if (POSTGRES_URL) rows.push(...(await benchTarget('postgres', host)));
    else say('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.');
    say(`\n${table(rows)}`);
  } finally {
    await emulator?.stop();
    fs.rmSync(emulatorDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('feed.bench.ts')) {
  main().catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

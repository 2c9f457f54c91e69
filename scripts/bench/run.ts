// npm run bench: every figure of issue 9's table with its target and whether it is met; the
// results go to bench-results/bench.json. The feed runs on PGlite and, when BENCH_DATABASE_URL is
// set, on PostgreSQL (signed in too, through the Auth emulator); the
// initial JavaScript is read from dist/ (run `npm run build` first); the Lighthouse and axe
// figures come from bench-results/web.json, which `npm run bench:web` writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator, type RunningEmulator } from '../lib/auth-emulator.mjs';
import { APP_START, LANDING_FORM, measureEntry, measureRouteChunks } from './entry-size';
import { benchTarget, CONNECTIONS, EMULATOR_PORT, MIXED, MIXED_BARE, POSTGRES_URL, PROJECT_ID, table, type Row } from './feed.bench';
import { baselineArgument, prepareBaseline } from './baseline';
import { feedLoadSideBySide } from './feed-load.bench';
import { benchImages } from './image.bench';
import type { VitalsSummaryResponse } from '../../core/vitals-api';

export const RESULTS_DIR = 'bench-results';

export interface Figure {
  figure: string;
  value: string;
  target: string;
  /** null: not measured in this run (and why is in `value`). */
  met: boolean | null;
}

const say = (text: string) => process.stdout.write(`${text}\n`);

/**
 * The feed's database path under the mixed workload (issue 40): p99 and errors on the default app
 * (FEED_CACHE=off), its throughput beside a bare `pg` client running the same SQL (PostgreSQL).
 */
function mixedFigures(rows: Row[], kind: Row['kind'], name: string): Figure[] {
  const mixed = rows.find((r) => r.kind === kind && r.scenario === MIXED);
  if (!mixed) return [];
  const bare = rows.find((r) => r.kind === kind && r.scenario === MIXED_BARE);
  const rps = (r: Row) => `${Math.round(r.rps).toLocaleString('en-US')} req/s`;
  return [
    {
      figure: `Feed, mixed workload, ${name}, ${CONNECTIONS} connections`,
      value: `p99 ${mixed.p99} ms, ${mixed.errors} errors, ${rps(mixed)}${bare ? ` (bare pg client: ${rps(bare)}, p99 ${bare.p99} ms)` : ''}`,
      target: kind === 'postgres' ? 'p99 ≤ 50 ms, no errors' : '—',
      met: kind === 'postgres' ? mixed.p99 <= 50 && mixed.errors === 0 : null,
    },
  ];
}

/** The landing form's code (React, MUI, the form), loaded when a visitor first uses it: no target of its own. */
function landingChunksFigure(): Figure {
  const figure = "Landing form's code, loaded when the visitor first uses the form (for reference)";
  if (!fs.existsSync('dist/landing.html')) return { figure, value: 'not measured: run `npm run build` first', target: '—', met: null };
  const chunks = measureRouteChunks('dist', LANDING_FORM, 'landing.html');
  return { figure, value: `${(chunks.gzipBytes / 1024).toFixed(1)} KB gzip in ${chunks.files} files`, target: '—', met: null };
}

/**
 * The scripts of the app's page (the shell, the feed and their libraries): the JavaScript an
 * installed launch compiles and runs before the first post shows.
 */
function appStartFigure(): Figure {
  const figure = "The app's start: its page's scripts, the shell, the feed and their libraries (for reference)";
  if (!fs.existsSync('dist/index.html')) return { figure, value: 'not measured: run `npm run build` first', target: '—', met: null };
  const chunks = measureRouteChunks('dist', APP_START);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return { figure, value: `${kb(chunks.rawBytes)} raw, ${kb(chunks.gzipBytes)} gzip in ${chunks.files} files`, target: '—', met: null };
}

function entryFigure(): Figure {
  const figure = 'Initial JavaScript of the landing page';
  const target = '≤ 50 KB gzip, compressed on the wire';
  if (!fs.existsSync('dist/index.html')) return { figure, value: 'not measured: run `npm run build` first', target, met: null };
  const size = measureEntry('dist');
  return {
    figure,
    value: `${(size.gzipBytes / 1024).toFixed(1)} KB gzip (${(size.brotliBytes / 1024).toFixed(1)} KB brotli) in ${size.files} files; ${size.precompressed ? 'precompressed .br/.gz served' : 'NOT precompressed'}`,
    target,
    met: size.gzipBytes <= 50 * 1024 && size.precompressed,
  };
}

function webFigures(): Figure[] {
  const file = path.join(RESULTS_DIR, 'web.json');
  if (!fs.existsSync(file)) {
    return [
      {
        figure: 'Lighthouse mobile, landing / signed-in feed',
        value: 'not measured: run `npm run bench:web`',
        target: 'performance ≥ 95, accessibility 100, best practices 100',
        met: null,
      },
      {
        figure: 'axe-core violations, every screen, light and dark',
        value: 'not measured: run `npm run bench:web`',
        target: '0',
        met: null,
      },
    ];
  }
  const web = JSON.parse(fs.readFileSync(file, 'utf8')) as { figures: Figure[]; measuredAt: string };
  return web.figures.map((f) => ({ ...f, value: `${f.value} (bench:web ${web.measuredAt})` }));
}

/** The installed launch (scripts/bench/launch.bench.ts writes bench-results/launch.json). */
function launchFigures(): Figure[] {
  const file = path.join(RESULTS_DIR, 'launch.json');
  if (!fs.existsSync(file)) {
    return [
      {
        figure: 'Installed launch to the first post, offline / online, 4x CPU',
        value: 'not measured: run `npx tsx scripts/bench/launch.bench.ts`',
        target: '≤ 1.0 s / ≤ 1.2 s',
        met: null,
      },
    ];
  }
  const launch = JSON.parse(fs.readFileSync(file, 'utf8')) as { figures: Figure[]; measuredAt: string };
  return launch.figures.map((f) => ({ ...f, value: `${f.value} (launch bench ${launch.measuredAt})` }));
}

/**
 * The real-user measures beside the lab figures: what a running app's users reported
 * (GET /api/vitals of BENCH_APP_URL, default http://localhost:3000), 75th percentiles.
 */
async function realUserFigures(): Promise<Figure[]> {
  const origin = process.env.BENCH_APP_URL ?? 'http://localhost:3000';
  const figure = `Real users (web-vitals, ${origin}), 75th percentile`;
  try {
    const res = await fetch(`${origin}/api/vitals`, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`GET /api/vitals: ${res.status}`);
    const { days, vitals } = (await res.json()) as VitalsSummaryResponse;
    if (vitals.length === 0) return [{ figure, value: `no reports in the last ${days} days`, target: '—', met: null }];
    const unit = (name: string, value: number) => (name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`);
    return vitals.map((vital) => ({
      figure: `Real users: ${vital.name}, ${vital.page}${vital.installed ? ', installed' : ''} (last ${days} days)`,
      value: `p75 ${unit(vital.name, vital.p75)}, median ${unit(vital.name, vital.median)}, ${vital.count} reports`,
      target: '—',
      met: null,
    }));
  } catch (error) {
    return [{ figure, value: `not read: ${error instanceof Error ? error.message : String(error)}`, target: '—', met: null }];
  }
}

function print(figures: Figure[]): void {
  const header = ['Figure', 'Measured', 'Target', 'Met'];
  const cells = figures.map((f) => [f.figure, f.value, f.target, f.met === null ? 'n/a' : f.met ? 'met' : 'NOT MET']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  say([line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n'));
}

/**
 * `npm run bench -- --baseline [<ref>]`: the feed under issue 59's load on the baseline's API and
 * this checkout's, side by side (scripts/bench/baseline.ts builds the ref); written to
 * bench-results/feed-side-by-side.json. BENCH_BASELINE_PORT (3710): the servers' first port.
 */
async function sideBySideMain(ref: string): Promise<void> {
  const baseline = prepareBaseline(ref);
  const rows = await feedLoadSideBySide(
    { label: `baseline ${baseline.commit.slice(0, 7)}`, dir: baseline.dir },
    { label: 'now', dir: process.cwd() },
    Number(process.env.BENCH_BASELINE_PORT || 3710),
  );
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const out = path.join(RESULTS_DIR, 'feed-side-by-side.json');
  fs.writeFileSync(
    out,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), baseline: baseline.commit, loadavg: os.loadavg(), rows }, null, 2)}\n`,
  );
  say(`Written to ${out}`);
}

async function main(): Promise<void> {
  const ref = baselineArgument();
  if (ref !== undefined) return sideBySideMain(ref);
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} x ${os.cpus().length}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
  say(`Plop benchmark on ${machine}`);
  let emulator: RunningEmulator | undefined;
  const emulatorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-bench-auth-'));
  const rows: Row[] = [];
  try {
    if (process.env.BENCH_AUTH !== '0') {
      emulator = await startAuthEmulator({ port: EMULATOR_PORT, projectId: PROJECT_ID, dataDir: emulatorDir, persist: false, quiet: true });
    }
    const host = emulator ? `127.0.0.1:${EMULATOR_PORT}` : undefined;
    if (process.env.BENCH_PGLITE !== '0') rows.push(...(await benchTarget('pglite', host)));
    if (POSTGRES_URL) rows.push(...(await benchTarget('postgres', host)));
    else say('PostgreSQL skipped: set BENCH_DATABASE_URL to include it.');
  } finally {
    await emulator?.stop();
    fs.rmSync(emulatorDir, { recursive: true, force: true });
  }
  say(`\n${table(rows)}\n`);

  say('Image pipeline (12 MP JPEG)...');
  const images = await benchImages();
  const figures: Figure[] = [
    ...mixedFigures(rows, 'postgres', 'PostgreSQL, 100k posts'),
    ...mixedFigures(rows, 'pglite', 'PGlite'),
    entryFigure(),
    landingChunksFigure(),
    appStartFigure(),
    ...webFigures(),
    ...launchFigures(),
    ...(await realUserFigures()),
    {
      figure: 'Server pipeline, 12 MP JPEG',
      value: `${images.singleSeconds.toFixed(2)} s each; 4 at once ${images.fourConcurrentSeconds.toFixed(2)} s, peak RSS rise ${images.peakRssRiseMiB.toFixed(0)} MiB`,
      target: '≤ 0.4 s; peak RSS rise ≤ 250 MiB at 4 concurrent',
      met: images.singleSeconds <= 0.4 && images.peakRssRiseMiB <= 250,
    },
  ];
  say('');
  print(figures);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const out = path.join(RESULTS_DIR, 'bench.json');
  fs.writeFileSync(out, `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, figures, feed: rows, images }, null, 2)}\n`);
  say(`\nWritten to ${out}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

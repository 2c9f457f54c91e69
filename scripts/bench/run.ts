// npm run bench: every figure of issue 9's table with its target and whether it is met; the
// results go to bench-results/bench.json. The feed / hello-world ratios run on PGlite and, when
// BENCH_DATABASE_URL is set, on PostgreSQL (signed in too, through the Auth emulator); the
// initial JavaScript is read from dist/ (run `npm run build` first); the Lighthouse and axe
// figures come from bench-results/web.json, which `npm run bench:web` writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator, type RunningEmulator } from '../lib/auth-emulator.mjs';
import { measureEntry, measureRouteChunks } from './entry-size';
import { benchTarget, CACHE_OFF, CONNECTIONS, EMULATOR_PORT, POSTGRES_URL, PROJECT_ID, table, type Row } from './feed.bench';
import { benchImages } from './image.bench';

export const RESULTS_DIR = 'bench-results';

export interface Figure {
  figure: string;
  value: string;
  target: string;
  /** null: not measured in this run (and why is in `value`). */
  met: boolean | null;
}

const say = (text: string) => process.stdout.write(`${text}\n`);

function ratioFigures(rows: Row[], kind: Row['kind'], name: string): Figure[] {
  const of = (scenario: string) => rows.find((r) => r.kind === kind && r.scenario === scenario);
  const hello = of('hello world (same server)');
  const anon = of('feed page 1, anonymous');
  const signedIn = of('feed page 1, signed in');
  if (!hello || !anon) return [];
  const figures: Figure[] = [];
  const anonRatio = anon.rps / hello.rps;
  const rps = (r: Row) => `${Math.round(r.rps).toLocaleString('en-US')} req/s`;
  if (kind === 'postgres') {
    figures.push({
      figure: `Anonymous feed ÷ hello world, ${name}, ${CONNECTIONS} connections`,
      value: `${anonRatio.toFixed(2)}x (${rps(anon)} vs ${rps(hello)}), p99 ${anon.p99} ms`,
      target: '≥ 0.5x, p99 < 25 ms',
      met: anonRatio >= 0.5 && anon.p99 < 25,
    });
    if (signedIn) {
      const ratio = signedIn.rps / hello.rps;
      figures.push({
        figure: `Signed-in feed ÷ hello world, ${name}`,
        value: `${ratio.toFixed(2)}x (${rps(signedIn)}), p99 ${signedIn.p99} ms`,
        target: '≥ 0.4x',
        met: ratio >= 0.4,
      });
    }
  } else {
    figures.push({
      figure: `Anonymous feed ÷ hello world, ${name}`,
      value: `${anonRatio.toFixed(2)}x (${rps(anon)} vs ${rps(hello)}), p99 ${anon.p99} ms`,
      target: '≥ 0.3x',
      met: anonRatio >= 0.3,
    });
    if (signedIn) {
      figures.push({
        figure: `Signed-in feed ÷ hello world, ${name} (no target; for reference)`,
        value: `${(signedIn.rps / hello.rps).toFixed(2)}x (${rps(signedIn)}), p99 ${signedIn.p99} ms`,
        target: '—',
        met: null,
      });
    }
  }
  return [...figures, ...uncachedFigures(rows, kind, name)];
}

/** The feed with FEED_CACHE=off next to the same hello world: no target, it shows what the cache is worth. */
function uncachedFigures(rows: Row[], kind: Row['kind'], name: string): Figure[] {
  const of = (scenario: string) => rows.find((r) => r.kind === kind && r.scenario === scenario);
  const hello = of('hello world (same server)');
  if (!hello) return [];
  return [
    ['feed page 1, anonymous', 'Anonymous feed'],
    ['feed page 1, signed in', 'Signed-in feed'],
  ].flatMap(([scenario, label]) => {
    const row = of(`${scenario}${CACHE_OFF}`);
    if (!row) return [];
    return [
      {
        figure: `${label} ÷ hello world, ${name}, cache off (for reference)`,
        value: `${(row.rps / hello.rps).toFixed(2)}x (${Math.round(row.rps).toLocaleString('en-US')} req/s), p99 ${row.p99} ms`,
        target: '—',
        met: null,
      },
    ];
  });
}

/** What the landing screen adds beside the entry (its route's chunks, preloaded by the server): no target of its own. */
function landingChunksFigure(): Figure {
  const figure = "Landing screen's own chunks, preloaded beside the entry (for reference)";
  if (!fs.existsSync('dist/index.html')) return { figure, value: 'not measured: run `npm run build` first', target: '—', met: null };
  const chunks = measureRouteChunks('/');
  return { figure, value: `${(chunks.gzipBytes / 1024).toFixed(1)} KB gzip in ${chunks.files} files`, target: '—', met: null };
}

function entryFigure(): Figure {
  const figure = 'Initial JavaScript of the landing page';
  const target = '≤ 170 KB gzip, compressed on the wire';
  if (!fs.existsSync('dist/index.html')) return { figure, value: 'not measured: run `npm run build` first', target, met: null };
  const size = measureEntry('dist');
  return {
    figure,
    value: `${(size.gzipBytes / 1024).toFixed(1)} KB gzip (${(size.brotliBytes / 1024).toFixed(1)} KB brotli) in ${size.files} files; ${size.precompressed ? 'precompressed .br/.gz served' : 'NOT precompressed'}`,
    target,
    met: size.gzipBytes <= 170 * 1024 && size.precompressed,
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

function print(figures: Figure[]): void {
  const header = ['Figure', 'Measured', 'Target', 'Met'];
  const cells = figures.map((f) => [f.figure, f.value, f.target, f.met === null ? 'n/a' : f.met ? 'met' : 'NOT MET']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  say([line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n'));
}

async function main(): Promise<void> {
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
    rows.push(...(await benchTarget('pglite', host)));
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
    ...ratioFigures(rows, 'postgres', 'PostgreSQL, 100k posts'),
    ...ratioFigures(rows, 'pglite', 'PGlite'),
    entryFigure(),
    landingChunksFigure(),
    ...webFigures(),
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

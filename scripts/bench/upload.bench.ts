// Uploads under pressure (issue 21): BENCH_UPLOADS (200) slow uploads of BENCH_UPLOAD_MB (12) MB
// photos at once from BENCH_UPLOAD_ACCOUNTS (8) accounts, each trickling its body over
// BENCH_UPLOAD_SECONDS (20), against the real server (server/main.ts in a child process, PGlite,
// its own Auth emulator). Prints the server's resident memory rise (peak and after), the count of
// each outcome, whether anything was left half-written (files without a post, staging files),
// and the anonymous feed's p99 while it ran. Bounded: every upload gives up after 3x its
// trickle time plus a minute, the whole run after BENCH_UPLOAD_DEADLINE_SECONDS (300).
//
//   npx tsx scripts/bench/upload.bench.ts
//
// Targets: RSS rise <= 300 MiB; every upload 201 or a clean 4xx/503; nothing half-written;
// anonymous feed p99 <= 100 ms.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startAuthEmulator } from '../lib/auth-emulator.mjs';
import { freePort, waitForHttp } from '../lib/processes.mjs';

const UPLOADS = Number(process.env.BENCH_UPLOADS || 200);
const ACCOUNTS = Number(process.env.BENCH_UPLOAD_ACCOUNTS || 8);
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_MB || 12) * 1024 * 1024;
const TRICKLE_MS = Number(process.env.BENCH_UPLOAD_SECONDS || 20) * 1000;
const DEADLINE_MS = Number(process.env.BENCH_UPLOAD_DEADLINE_SECONDS || 300) * 1000;
const PROJECT_ID = 'demo-plop-bench';
const root = path.resolve(import.meta.dirname, '../..');
const say = (text: string) => process.stdout.write(`${text}\n`);

/** A 12 MP photo-like JPEG padded with APP15 segments (ignored by decoders, dropped by the pipeline) to the upload size. */
async function photo(bytes: number): Promise<Buffer> {
  const coarse = Buffer.alloc(200 * 150 * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = (i * 2654435761) % 256;
  const jpeg = await sharp(coarse, { raw: { width: 200, height: 150, channels: 3 } })
    .resize(4000, 3000, { kernel: 'cubic' })
    .jpeg({ quality: 92 })
    .toBuffer();
  const segments: Buffer[] = [];
  let missing = bytes - jpeg.length;
  while (missing > 4) {
    const length = Math.min(65_535, missing - 2);
    const segment = Buffer.alloc(length + 2, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xef;
    segment.writeUInt16BE(length, 2);
    segments.push(segment);
    missing -= segment.length;
  }
  // After SOI (the first two bytes), before everything else.
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

async function account(baseUrl: string, emulatorHost: string): Promise<string> {
  const signUp = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `upload-${randomUUID().slice(0, 8)}@example.com`, password: 'secret123', returnSecureToken: true }),
  });
  const { idToken } = (await signUp.json()) as { idToken: string };
  const res = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ idToken }),
  });
  if (!res.ok) throw new Error(`POST /api/session: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Resident memory of a process, in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** One slow upload: the body in 20 slices over TRICKLE_MS; stops sending as soon as the server answers. */
function slowUpload(port: number, cookie: string, jpeg: Buffer): Promise<string> {
  const boundary = `bench${randomUUID().replace(/-/g, '')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nType 4\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve) => {
    const done = (outcome: string) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      req.destroy();
      resolve(outcome);
    };
    const giveUp = setTimeout(() => done('client timeout'), TRICKLE_MS * 3 + 60_000);
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path: `/api/poops/${randomUUID()}`,
      agent: false,
      headers: {
        cookie,
        origin: `http://127.0.0.1:${port}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    });
    req.on('response', (res) => {
      clearInterval(timer);
      res.resume();
      res.on('end', () => done(String(res.statusCode)));
      res.on('error', () => done('connection error'));
    });
    req.on('error', (error: NodeJS.ErrnoException) => done(`error ${error.code ?? error.message}`));
    const slices = 20;
    const slice = Math.ceil(body.length / slices);
    let sent = 0;
    const timer = setInterval(() => {
      const next = body.subarray(sent, sent + slice);
      sent += next.length;
      if (sent >= body.length) {
        clearInterval(timer);
        req.end(next);
      } else req.write(next);
    }, TRICKLE_MS / slices);
  });
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;

async function main(): Promise<void> {
  const started = Date.now();
  const emulatorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-upload-auth-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-upload-bench-'));
  const emulatorPort = Number(process.env.BENCH_AUTH_EMULATOR_PORT) || (await freePort());
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const emulator = await startAuthEmulator({
    port: emulatorPort,
    projectId: PROJECT_ID,
    dataDir: emulatorDir,
    persist: false,
    quiet: true,
  });
  const emulatorHost = `127.0.0.1:${emulatorPort}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      LOG_LEVEL: 'error',
      // The per-minute limits are another defence; this measures the upload bounds alone.
      RATE_LIMIT_MAX: '0',
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/api/health`, { timeoutMs: 120_000, isAlive: () => server.exitCode === null });
    const cookies: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) cookies.push(await account(baseUrl, emulatorHost));
    const jpeg = await photo(UPLOAD_BYTES);
    // Warm up: one real post (the pipeline loads), and the feed has something to show.
    const warm = await slowUploadQuick(port, cookies[0]!, jpeg);
    say(`photo: ${(jpeg.length / 1024 / 1024).toFixed(1)} MB, 4000x3000 JPEG; warm-up post: ${warm}`);
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = rssOf(server.pid!);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.pid!));
    }, 100);

    let running = true;
    const feedTimes: number[] = [];
    const feedStatuses = new Map<number, number>();
    const probe = (async () => {
      while (running) {
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/api/poops/feed`);
        await res.arrayBuffer();
        feedTimes.push(performance.now() - t0);
        feedStatuses.set(res.status, (feedStatuses.get(res.status) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const runDeadline = new Promise<'deadline'>((resolve) =>
      setTimeout(() => resolve('deadline'), Math.max(10_000, DEADLINE_MS - (Date.now() - started))),
    );
    const uploads = Promise.all(Array.from({ length: UPLOADS }, (_, i) => slowUpload(port, cookies[i % ACCOUNTS]!, jpeg)));
    const outcome = await Promise.race([uploads, runDeadline]);
    running = false;
    await probe;
    const outcomes = outcome === 'deadline' ? undefined : outcome;
    await new Promise((r) => setTimeout(r, 5000));
    clearInterval(sampler);
    const after = rssOf(server.pid!);

    const counts = new Map<string, number>();
    for (const o of outcomes ?? []) counts.set(o, (counts.get(o) ?? 0) + 1);
    const created = (counts.get('201') ?? 0) + 1; // + the warm-up post
    const files = listFiles(path.join(dataDir, 'files'));
    const staged = files.filter((f) => f.includes(`${path.sep}.staging${path.sep}`));
    const postDirs = new Set(files.filter((f) => f.endsWith('.webp')).map((f) => path.dirname(f)));
    const incomplete = [...postDirs].filter(
      (dir) => !fs.existsSync(path.join(dir, 'display.webp')) || !fs.existsSync(path.join(dir, 'thumb.webp')),
    );
    const clean = [...counts.keys()].every(
      (status) => status === '201' || status === '413' || status === '415' || status === '429' || status === '503',
    );
    const mib = (n: number) => (n / 1024 / 1024).toFixed(0);
    say(`${UPLOADS} slow uploads of ${mib(UPLOAD_BYTES)} MB from ${ACCOUNTS} accounts, each over ${TRICKLE_MS / 1000} s:`);
    say(`  outcomes: ${outcomes ? [...counts.entries()].map(([k, v]) => `${k} x${v}`).join(', ') : 'the run hit its deadline'}`);
    say(`  every upload 201 or a clean 4xx/503: ${outcomes && clean ? 'yes' : 'NO'}`);
    say(
      `  half-written: ${incomplete.length} post folders without both files, ${staged.length} staging files left; posts with files ${postDirs.size} for ${created} created`,
    );
    say(
      `  server RSS: ${mib(baseline)} MiB before, peak ${mib(peak)} MiB (rise ${mib(peak - baseline)} MiB, target <= 300), ${mib(after)} MiB 5 s after`,
    );
    say(
      `  anonymous feed while uploading: ${feedTimes.length} reads, p50 ${percentile(feedTimes, 0.5).toFixed(1)} ms, p99 ${percentile(feedTimes, 0.99).toFixed(1)} ms (target <= 100), statuses ${[...feedStatuses.entries()].map(([k, v]) => `${k} x${v}`).join(', ')}`,
    );
    say(`  wall time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await emulator.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(emulatorDir, { recursive: true, force: true });
  }
}

/** A whole upload at once (the warm-up). */
async function slowUploadQuick(port: number, cookie: string, jpeg: Buffer): Promise<number> {
  const form = new FormData();
  form.append('type', 'Type 4');
  form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'p.jpg');
  const res = await fetch(`http://127.0.0.1:${port}/api/poops/${randomUUID()}`, {
    method: 'PUT',
    headers: { cookie, origin: `http://127.0.0.1:${port}` },
    body: form,
  });
  await res.arrayBuffer();
  return res.status;
}

await main();

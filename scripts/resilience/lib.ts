// Parts shared by the resilience checks (run.ts): the real server in a child process, signed-in
// users through the Auth emulator, a timed HTTP client, photo bodies, loopback stand-ins and figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { waitForHttp } from '../lib/processes.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const PROJECT_ID = 'demo-plop-resil';
export const say = (text: string) => process.stdout.write(`${text}\n`);
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The real server (server/main.ts) in a child process; `exit` resolves with its exit code (or signal name). */
export interface Server {
  child: ChildProcess;
  base: string;
  port: number;
  exit: Promise<number | string>;
  alive(): boolean;
}

export async function startServer(env: Record<string, string>, port: number, log: string): Promise<Server> {
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '' },
  });
  fs.closeSync(out);
  let exited = false;
  const exit = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/health`, { timeoutMs: 120_000, isAlive: () => !exited });
  return { child, base, port, exit, alive: () => !exited };
}

/** Stops a server with SIGTERM (SIGKILL after `ms`); answers its exit code. */
export async function stopServer(server: Server, ms = 20_000): Promise<number | string> {
  if (!server.alive()) return server.exit;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), ms);
  const code = await server.exit;
  clearTimeout(timer);
  return code;
}

export interface User {
  uid: string;
  cookie: string;
}

/** A new account on the Auth emulator, signed in to the server (its session cookie). */
export async function signIn(base: string, emulatorHost: string, name: string): Promise<User> {
  const signUp = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${name}-${randomUUID().slice(0, 8)}@example.com`, password: 'secret123', returnSecureToken: true }),
  });
  if (!signUp.ok) throw new Error(`emulator signUp: ${signUp.status} ${await signUp.text()}`);
  const { idToken, localId } = (await signUp.json()) as { idToken: string; localId: string };
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ idToken }),
  });
  if (!res.ok) throw new Error(`POST /api/session: ${res.status} ${await res.text()}`);
  return { uid: localId, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! };
}

/** A photo-like JPEG (smooth noise, so it compresses like a photo rather than a flat colour). */
export async function photo(width: number, height: number, seed = 1): Promise<Buffer> {
  const coarse = Buffer.alloc(64 * 48 * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = ((i + seed * 7919) * 2654435761) % 256;
  return sharp(coarse, { raw: { width: 64, height: 48, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A multipart body for PUT /api/poops/:id. */
export function postBody(jpeg: Buffer, title = 'Resilience'): { body: Buffer; type: string } {
  const boundary = `resil${randomUUID().replace(/-/g, '')}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(
      field('type', 'Type 4') +
        field('title', title) +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** One answer: status (0 for no answer), milliseconds, and the body's text. */
export interface Answer {
  status: number;
  ms: number;
  text: string;
  error?: string;
}

/** One request with a deadline: a hang becomes status 0 with error 'timeout'. */
export async function call(
  base: string,
  method: string,
  url: string,
  options: { cookie?: string; json?: unknown; body?: Buffer; type?: string; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: base, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | Uint8Array | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers['content-type'] = options.type ?? 'application/octet-stream';
    body = new Uint8Array(options.body);
  }
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}${url}`, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
    const text = await res.text();
    return { status: res.status, ms: performance.now() - t0, text };
  } catch (error) {
    const name = (error as Error).name;
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      status: 0,
      ms: performance.now() - t0,
      text: '',
      error: name === 'TimeoutError' ? 'timeout' : (cause ?? (error as Error).message),
    };
  }
}

/** Whether a body is the `{ error: { code, message } }` envelope. */
export function isEnvelope(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string' && parsed.error.message.length > 0;
  } catch {
    return false;
  }
}

export const percentile = (values: number[], p: number) =>
  values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

export const median = (values: number[]) => percentile(values, 0.5);

/** Resident memory of a process, in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0; // the process is gone
  }
}

export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** A loopback HTTP server answering with `handle` (which may never answer: a stand-in that times out). */
export interface StandIn {
  url: string;
  port: number;
  /** Requests received, by path. */
  received: string[];
  close(): Promise<void>;
}

export async function standIn(
  port: number,
  handle: (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => void,
): Promise<StandIn> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(`${req.method} ${req.url}`);
      handle(req, Buffer.concat(chunks), res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Counts of each value, as `200 x12, 503 x3`. */
export function tally(values: Array<string | number | undefined>): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
  return [...counts.entries()]
    .sort()
    .map(([k, v]) => `${k} x${v}`)
    .join(', ');
}

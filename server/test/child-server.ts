import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { waitForHttp } from '../../scripts/lib/processes.mjs';
import { TEST_PROJECT_ID } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');

/** The real server (server/main.ts) in a child process on its own PGlite data directory, killed when the test ends. */
export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; exit: Promise<unknown> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      LOG_LEVEL: 'fatal',
      RATE_LIMIT_MAX: '0',
      JOBS_POLL_MS: '100',
      ...env,
    },
  });
  let exited = false;
  // Listened for from the start: the child may be gone before the test gets round to waiting.
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.on('exit', () => {
    exited = true;
  });
  onTestFinished(() => {
    if (!exited) child.kill('SIGKILL');
  });
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 150_000, isAlive: () => !exited });
  return { child, exit };
}

/** POST /api/session on a running server; answers the Cookie header. */
export async function sessionOn(base: string, idToken: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  if (res.status !== 200) throw new Error(`POST /api/session: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

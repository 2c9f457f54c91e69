import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort, waitForHttp } from '../../scripts/lib/processes.mjs';
import { TEST_PROJECT_ID } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');

interface Running {
  child: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

/** A real process of ours (`node --import tsx <script>`) on a data folder, its stderr kept. */
function spawnOn(script: string, dataDir: string, env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '0',
      ...env,
    },
  });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, exit, stderr: () => err };
}

async function startServer(dataDir: string, port: number): Promise<Running> {
  const server = spawnOn('server/main.ts', dataDir, { PORT: String(port) });
  let exited = false;
  void server.exit.then(() => {
    exited = true;
  });
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 150_000, isAlive: () => !exited });
  return server;
}

/** Waits for a process that should refuse at once; a bounded wait, so a process that does not refuse fails the test. */
async function refusal(process: Running, withinMs: number) {
  const timeout = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), withinMs));
  const outcome = await Promise.race([process.exit, timeout]);
  return { outcome, stderr: process.stderr().trim() };
}

describe('one process per data folder', () => {
  it(
    'a second server, the seed and npm start refuse a folder in use; a crashed holder does not block the next start',
    { timeout: 480_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-lock-'));
      onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const first = await startServer(dataDir, port);
      const holder = String(first.child.pid);

      // Another server on the same folder, another port: exits non-zero with one line naming the folder and the holder.
      const second = await refusal(spawnOn('server/main.ts', dataDir, { PORT: String(await freePort()) }), 60_000);
      expect(second.outcome).toEqual({ code: 1, signal: null });
      expect(second.stderr.split('\n')).toHaveLength(1);
      expect(second.stderr).toContain(dataDir);
      expect(second.stderr).toContain(`process ${holder}`);
      expect(second.stderr).toContain('DATABASE_URL');

      // The seed on another PORT (its old guard only looked at the configured port).
      const seed = await refusal(spawnOn('scripts/seed/seed.ts', dataDir, { PORT: String(await freePort()) }), 60_000);
      expect(seed.outcome).toEqual({ code: 1, signal: null });
      expect(seed.stderr.split('\n')).toHaveLength(1);
      expect(seed.stderr).toContain(`process ${holder}`);

      // npm start refuses before building or starting anything.
      const start = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), AUTH_EMULATOR_PORT: String(await freePort()) },
      });
      let startErr = '';
      start.stderr.on('data', (chunk: Buffer) => {
        startErr += chunk.toString();
      });
      const started = await refusal(
        {
          child: start,
          exit: new Promise((resolve) => start.once('exit', (code, signal) => resolve({ code, signal }))),
          stderr: () => startErr,
        },
        60_000,
      );
      if (started.outcome === 'still running') start.kill('SIGKILL');
      expect(started.outcome).toEqual({ code: 1, signal: null });
      expect(started.stderr).toContain(`process ${holder}`);

      // The first server kept its folder and still answers.
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

      // kill -9: the lock it leaves behind is stale, and the next start takes the folder.
      first.child.kill('SIGKILL');
      await first.exit;
      expect(fs.existsSync(path.join(dataDir, 'plop.lock'))).toBe(true);
      const next = await startServer(dataDir, port);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      next.child.kill('SIGTERM');
      expect(await next.exit).toEqual({ code: 0, signal: null });
      // A clean stop removes the lock.
      expect(fs.existsSync(path.join(dataDir, 'plop.lock'))).toBe(false);
    },
  );
});

describe('npm start and the Auth emulator port', () => {
  it('refuses a port where something other than this folder’s emulator answers', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-emuport-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    // The test run's own emulator belongs to another folder (global-setup.ts).
    const taken = process.env.FIREBASE_AUTH_EMULATOR_HOST!.split(':')[1]!;
    const start = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        AUTH_EMULATOR_PORT: taken,
        FIREBASE_AUTH_EMULATOR_HOST: undefined,
      },
    });
    let err = '';
    start.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    onTestFinished(() => {
      if (start.exitCode === null && start.signalCode === null) start.kill('SIGKILL');
    });
    const result = await refusal(
      { child: start, exit: new Promise((resolve) => start.once('exit', (code, signal) => resolve({ code, signal }))), stderr: () => err },
      90_000,
    );
    expect(result.outcome).toEqual({ code: 1, signal: null });
    expect(result.stderr.split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`port ${taken} is already in use`);
    expect(result.stderr).toContain('AUTH_EMULATOR_PORT');
  });
});

// Starts the Firebase Auth emulator (firebase-tools, offline, no Java) for a project and port.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { answers, freePort, stop, waitForHttp } from './processes.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/**
 * Whether the emulator answering on host:port is this data folder's own: the emulator hub named
 * in the folder's `firebase.emulator.json` answers and lists its Auth emulator on that port.
 * Another project's emulator (or anything else) on the port is not: its accounts are not ours.
 */
async function isOwnEmulator(host, port, dataDir) {
  let hub;
  try {
    hub = JSON.parse(fs.readFileSync(path.join(dataDir, 'firebase.emulator.json'), 'utf8')).emulators?.hub;
  } catch {
    // No config written by us in this folder: no emulator of ours was ever started from it.
    return false;
  }
  if (!hub?.port) return false;
  try {
    const res = await fetch(`http://${host}:${hub.port}/emulators`, { signal: AbortSignal.timeout(1500) });
    const list = await res.json();
    return Number(list?.auth?.port) === port;
  } catch {
    // The folder's hub does not answer: whatever is on the port was started elsewhere.
    return false;
  }
}

/**
 * Throws a one-line error when something other than this data folder's own emulator answers on
 * host:port; answers whether this folder's emulator is already running there.
 */
export async function checkEmulatorPort({ host = '127.0.0.1', port, dataDir }) {
  const url = `http://${host}:${port}`;
  if (!(await answers(url))) return false;
  if (await isOwnEmulator(host, port, dataDir)) return true;
  throw new Error(
    `port ${port} is already in use by something that is not the Auth emulator of ${dataDir} ` +
      `(another project's emulator or another program answers at ${url}): stop it, or set AUTH_EMULATOR_PORT to a free port`,
  );
}

/**
 * Starts the emulator on host:port. If something already answers there, it is reused only
 * when it is this data folder's own emulator (left running by an earlier start) and `reuse` is
 * set; anything else on the port is refused with a clear message. Accounts persist in
 * `${dataDir}/auth-emulator` across restarts when `persist` is set.
 * Returns { url, stop } (stop is a no-op for an emulator that was already running).
 */
export async function startAuthEmulator({ host = '127.0.0.1', port, projectId, dataDir, persist = true, quiet = false, reuse = true }) {
  const url = `http://${host}:${port}`;
  if (await checkEmulatorPort({ host, port, dataDir })) {
    if (!reuse) throw new Error(`port ${port} is taken: an emulator of ${dataDir} already answers at ${url}`);
    return { url, stop: async () => {}, reused: true };
  }

  fs.mkdirSync(dataDir, { recursive: true });
  const base = JSON.parse(fs.readFileSync(path.join(root, 'firebase.json'), 'utf8'));
  const configFile = path.join(dataDir, 'firebase.emulator.json');
  // Each data directory gets an emulator suite of its own: its own hub and logging ports (not the
  // shared defaults 4400/4500) and its own temp folder, where firebase-tools keeps the hub's
  // locator file (`hub-<project>.json`). Otherwise two stacks with the same project id find each
  // other's hub, and one's export-on-exit can write the other's accounts.
  const hubPort = await freePort();
  const loggingPort = await freePort();
  fs.writeFileSync(
    configFile,
    JSON.stringify(
      {
        emulators: {
          ...base.emulators,
          auth: { host, port },
          hub: { host, port: hubPort },
          logging: { host, port: loggingPort },
        },
      },
      null,
      2,
    ),
  );
  const tmpDir = path.join(dataDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const exportDir = path.join(dataDir, 'auth-emulator');
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile];
  if (persist) {
    if (fs.existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }
  const child = spawn(path.join(root, 'node_modules/.bin/firebase'), args, {
    cwd: dataDir,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      TMPDIR: tmpDir,
      TMP: tmpDir,
      TEMP: tmpDir,
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      CI: process.env.CI ?? 'true',
    },
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  await waitForHttp(url, { timeoutMs: 90_000, isAlive: () => !exited });
  return { url, stop: () => stop(child, 15_000), reused: false };
}

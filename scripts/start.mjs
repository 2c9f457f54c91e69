// `npm start`: build the app if needed, start the Firebase Auth emulator and the API on one
// origin (embedded PGlite unless DATABASE_URL is set), print the URL, and stop cleanly.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { checkEmulatorPort, startAuthEmulator } from './lib/auth-emulator.mjs';
import { buildIfNeeded } from './lib/build.mjs';
import { stop, waitForHttp } from './lib/processes.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.PORT || 3000);
const dataDir = path.resolve(root, process.env.DATA_DIR || '.data');
const projectId = process.env.FIREBASE_PROJECT_ID || 'demo-plop';
const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT || 9099);
const useEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST !== '' && projectId.startsWith('demo-');

/** One line on stderr and exit 1: a refusal the operator can act on, without a stack. */
function refuse(error) {
  process.stderr.write(`Plop cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

// One process per data folder (server/db/data-dir-lock.ts): refuse at once, before building,
// starting an emulator on the folder or wiping it, when a live process has it open. The server
// takes the lock itself when it opens the database; this is only the early, clean refusal.
if (!process.env.DATABASE_URL) {
  const { dataDirLockHolder, DataDirLockedError } = await tsImport('../server/db/data-dir-lock.ts', import.meta.url);
  const holder = dataDirLockHolder(dataDir);
  if (holder) refuse(new DataDirLockedError(dataDir, holder));
}

// --fresh (used by the e2e suite) starts from an empty data directory, never the default one.
if (process.argv.includes('--fresh')) {
  if (dataDir === path.resolve(root, '.data')) throw new Error('--fresh refuses to wipe the default .data directory');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// Something else on the emulator's port (another project's emulator): refuse before building.
if (useEmulator) await checkEmulatorPort({ port: emulatorPort, dataDir }).catch(refuse);

await buildIfNeeded();

const emulator = useEmulator ? await startAuthEmulator({ port: emulatorPort, projectId, dataDir, quiet: true }).catch(refuse) : undefined;

// On a terminal the log lines are made readable (pino-pretty); otherwise (a service manager, a
// pipe) they stay one JSON object per line for the log collector.
const pretty = process.stdout.isTTY ? (await import('pino-pretty')).default({ colorize: true, translateTime: 'SYS:HH:MM:ss' }) : undefined;

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  stdio: ['inherit', pretty ? 'pipe' : 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: projectId,
    ...(emulator ? { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}` } : {}),
  },
});

if (pretty) server.stdout.pipe(pretty);

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await stop(server);
  if (emulator) await emulator.stop();
  process.exit(code);
}
server.on('exit', (code) => void shutdown(code ?? 0));
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

await waitForHttp(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 120_000, isAlive: () => !stopping });
const url = process.env.PUBLIC_URL || `http://localhost:${port}`;
process.stdout.write(
  `\n  Plop is running at ${url}\n  (Auth: ${emulator ? `emulator ${emulator.url}` : 'Firebase'}; data: ${dataDir})\n\n`,
);

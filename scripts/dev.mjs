// `npm run dev`: the Auth emulator, the API with reload on change (tsx watch) on API_PORT,
// and Vite's dev server with hot reload on PORT, which proxies /api to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startAuthEmulator } from './lib/auth-emulator.mjs';
import { stop } from './lib/processes.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.PORT || 5173);
const apiPort = Number(process.env.API_PORT || 3000);
const dataDir = path.resolve(root, process.env.DATA_DIR || '.data');
const projectId = process.env.FIREBASE_PROJECT_ID || 'demo-plop';
const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT || 9099);

const emulator = await startAuthEmulator({ port: emulatorPort, projectId, dataDir, quiet: true });
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(apiPort),
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    // The browser's origin is Vite's; the API must accept its state-changing requests.
    PUBLIC_URL: `http://localhost:${port}`,
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
  },
});
const vite = spawn(path.join(root, 'node_modules/.bin/vite'), ['--port', String(port), '--strictPort'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLOP_API_ORIGIN: `http://127.0.0.1:${apiPort}` },
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await Promise.all([stop(vite), stop(api)]);
  await emulator.stop();
  process.exit(0);
}
for (const child of [api, vite]) child.on('exit', () => void shutdown());
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs';
import { freePort } from '../../scripts/lib/processes.mjs';

/**
 * Server integration tests talk to a real Firebase Auth emulator of their own, started once
 * for the run on a free port (or TEST_AUTH_EMULATOR_PORT), so parallel runs never share one.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const port = Number(process.env.TEST_AUTH_EMULATOR_PORT) || (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-auth-'));
  const emulator = await startAuthEmulator({
    port,
    projectId: 'demo-plop-test',
    dataDir,
    persist: false,
    quiet: true,
    reuse: false,
  });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port}`;
  return async () => {
    await emulator.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

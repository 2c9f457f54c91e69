import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs';

/** Server integration tests talk to a real Firebase Auth emulator, started once for the run. */
export default async function setup(): Promise<() => Promise<void>> {
  const port = Number(process.env.TEST_AUTH_EMULATOR_PORT || 9198);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-auth-'));
  const emulator = await startAuthEmulator({ port, projectId: 'demo-plop-test', dataDir, persist: false, quiet: true });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port}`;
  return async () => {
    await emulator.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

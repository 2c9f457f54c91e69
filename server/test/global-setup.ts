import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs';
import { freePort } from '../../scripts/lib/processes.mjs';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

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
  if (!process.env.TEST_DATABASE_URL) process.env[PGLITE_TEMPLATE_ENV] = await migratedPgliteTemplate(dataDir);
  return async () => {
    await emulator.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Where the tests find the migrated PGlite database they each start from (helpers.ts `openTestDatabase`). */
export const PGLITE_TEMPLATE_ENV = 'PLOP_TEST_PGLITE_TEMPLATE';

/**
 * A PGlite database with every migration applied, saved once for the run: opening a copy of it
 * takes about half the time of creating a database and migrating it, which every test did.
 */
async function migratedPgliteTemplate(dir: string): Promise<string> {
  const database = await openDatabase({});
  try {
    await migrate(database);
    const dump = await database.dumpDataDir!();
    const file = path.join(dir, 'pglite-migrated.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { firebaseIdentity } from './integrations/firebase-auth';

/** Starts the API (and the built PWA) and closes everything cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  await migrate(database);
  const identity = firebaseIdentity(config.firebase);
  const app = await buildApp({ config, database, identity });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await identity.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.firebase.authEmulatorHost) {
    process.stdout.write(
      `Auth: Firebase Auth emulator at ${config.firebase.authEmulatorHost} - local development identity only, ` +
        `listening on ${config.host} (loopback); anyone who can reach this machine's loopback can sign in as anyone.\n`,
    );
  }
  app.log.info({ url: config.publicUrl, database: database.kind }, 'Plop is ready');
}

main().catch((error: unknown) => {
  // Another process has the data folder: one line saying which and what to do, no stack.
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`Plop cannot start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Plop failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

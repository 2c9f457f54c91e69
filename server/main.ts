import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { firebaseIdentity } from './integrations/firebase-auth';

/** How long a SIGTERM waits for in-flight requests and jobs before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 30_000;

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
    // In-flight requests finish (Fastify stops accepting connections and waits for them), then
    // the jobs stop and the database closes. A request that never ends (a stalled upload) must
    // not keep the process up for ever: after SHUTDOWN_GRACE_MS it exits anyway, with 1.
    const deadline = setTimeout(() => {
      app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      await app.close();
      await identity.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
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

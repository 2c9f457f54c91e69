import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openDatabase } from '../db/database';
import { lockDataDir } from '../db/data-dir-lock';
import {
  BackupRefusedError,
  countRows,
  listStoredFiles,
  run,
  verifyBackup,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  type BackupManifest,
} from './backup-archive';

export interface RestoreTarget {
  /** DATA_DIR: the files (and, without `databaseUrl`, the PGlite database) go here. */
  dataDir: string;
  /** An empty PostgreSQL database to restore a PostgreSQL backup into. */
  databaseUrl?: string;
  /** PostgreSQL only: the schema the restored tables are in (the dumped one; `public` by default). */
  schema?: string;
}

/**
 * Restores a backup into an empty DATA_DIR (and an empty PostgreSQL database for a PostgreSQL
 * backup), the server stopped: the archive is checked whole first (nothing is written when it is
 * damaged), everything is unpacked beside the target and moved into place only once the restored
 * database opened and its row counts equal the manifest's.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<BackupManifest> {
  const archive = await verifyBackup(file);
  const { manifest } = archive;
  const dataDir = path.resolve(target.dataDir);
  if (manifest.database === 'postgres' && !target.databaseUrl)
    throw new BackupRefusedError('This is a PostgreSQL backup: set DATABASE_URL to an empty database to restore it. Nothing was restored.');
  if (manifest.database === 'pglite' && target.databaseUrl)
    throw new BackupRefusedError(
      'This is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR. Nothing was restored.',
    );
  await refuseUnlessEmpty(dataDir, target);

  await fs.mkdir(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir, 'npm run restore');
  const temp = path.join(dataDir, `.restore-${randomUUID().slice(0, 8)}`);
  try {
    await fs.mkdir(temp);
    let dump: string | undefined;
    await archive.extract(async (name, stream) => {
      const to = path.join(temp, name);
      if (!to.startsWith(temp + path.sep)) throw new BackupRefusedError(`${name} points outside the data folder. Nothing was restored.`);
      await fs.mkdir(path.dirname(to), { recursive: true });
      await pipeline(stream, createWriteStream(to, { flags: 'wx' }));
      if (name === PGLITE_ENTRY || name === POSTGRES_ENTRY) dump = to;
    });
    if (!dump) throw new BackupRefusedError('The backup holds no database. Nothing was restored.');

    const counts = target.databaseUrl ? await restorePostgres(dump, target.databaseUrl, target.schema) : await restorePglite(dump, temp);
    const differing = Object.entries(manifest.counts).filter(([table, n]) => counts[table] !== n);
    if (differing.length > 0)
      throw new Error(
        `the restored database differs from the backup's counts (${differing.map(([t, n]) => `${t}: ${counts[t]} of ${n}`).join(', ')})`,
      );

    // Into place: the database, the files, the VAPID keys (push subscriptions were made with them).
    if (!target.databaseUrl) await moveInto(path.join(temp, 'pglite'), path.join(dataDir, 'pglite'));
    await moveInto(path.join(temp, 'files'), path.join(dataDir, 'files'));
    await moveInto(path.join(temp, 'vapid.json'), path.join(dataDir, 'vapid.json'));
    return manifest;
  } finally {
    await fs.rm(temp, { recursive: true, force: true });
    lock.release();
  }
}

async function refuseUnlessEmpty(dataDir: string, target: RestoreTarget): Promise<void> {
  const notEmpty = (what: string) =>
    new BackupRefusedError(`${what} is not empty: restore into an empty one (move the old one aside first). Nothing was restored.`);
  if (!target.databaseUrl && (await fs.readdir(path.join(dataDir, 'pglite')).catch(() => [])).length > 0)
    throw notEmpty(path.join(dataDir, 'pglite'));
  if ((await listStoredFiles(path.join(dataDir, 'files'))).length > 0) throw notEmpty(path.join(dataDir, 'files'));
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      if (rows[0]!.n > 0) throw notEmpty('The PostgreSQL database');
    } finally {
      await client.end();
    }
  }
}

async function restorePglite(dump: string, temp: string): Promise<Record<string, number>> {
  const bytes = await fs.readFile(dump);
  const database = await openDatabase({ dataDir: path.join(temp, 'pglite'), loadDataDir: new Blob([bytes]) });
  try {
    return (await countRows((text) => database.executeSql(text))).tables;
  } finally {
    await database.close();
  }
}

async function restorePostgres(dump: string, url: string, schema: string | undefined): Promise<Record<string, number>> {
  await run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '-d', url, dump]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (schema) await client.query(`SET search_path TO ${pg.escapeIdentifier(schema)}`);
    return (await countRows((text) => client.query(text))).tables;
  } finally {
    await client.end();
  }
}

async function moveInto(from: string, to: string): Promise<void> {
  const there = await fs.stat(from).catch(() => undefined);
  if (!there) return;
  // An empty folder left at the target (a `files/.staging`, an empty `pglite`) gives way.
  await fs.rm(to, { recursive: true, force: true });
  await fs.rename(from, to);
}

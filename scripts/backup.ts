// `npm run backup -- <file>`: one archive of everything (database, stored files, VAPID keys, a
// manifest with counts and checksums) while the server runs. PGlite is one process per data
// folder, so when a server holds DATA_DIR the archive is asked of it (POST /internal/backup on
// loopback, with the token it wrote into DATA_DIR); otherwise (server stopped, or PostgreSQL with
// DATABASE_URL and pg_dump) it is made here. The archive is checked before the one-line summary.
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { dataDirLockHolder } from '../server/db/data-dir-lock';
import { verifyBackup, writeBackupFile, type BackupManifest } from '../server/jobs/backup-archive';
import { BACKUP_ENDPOINT_FILE } from '../server/plugins/backup-endpoint';
import { createStorage } from '../server/storage/create-storage';

async function fromRunningServer(dataDir: string, file: string): Promise<void> {
  const endpoint = JSON.parse(await fs.readFile(path.join(dataDir, BACKUP_ENDPOINT_FILE), 'utf8')) as { port: number; token: string };
  const res = await fetch(`http://127.0.0.1:${endpoint.port}/internal/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.token}` },
  });
  if (!res.ok || !res.body) throw new Error(`the running server answered ${res.status}: ${await res.text()}`);
  const temp = `${file}.partial`;
  try {
    await pipeline(Readable.fromWeb(res.body), createWriteStream(temp));
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) throw new Error('usage: npm run backup -- <file.zip>');
  const target = path.resolve(file);
  const config = loadConfig();
  const started = performance.now();
  if (!config.databaseUrl && dataDirLockHolder(config.dataDir)) {
    await fromRunningServer(config.dataDir, target);
  } else {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
    try {
      const storage = createStorage(config);
      await writeBackupFile({ database, databaseUrl: config.databaseUrl, dataDir: config.dataDir, storage, now: () => new Date() }, target);
    } finally {
      await database.close();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const { manifest } = await verifyBackup(target);
  const { size } = await fs.stat(target);
  process.stdout.write(`Backup written: ${target} (${(size / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; ${summary(manifest)})\n`);
}

function summary(manifest: BackupManifest): string {
  const files = Object.keys(manifest.entries).filter((e) => e.startsWith('files/')).length;
  const c = manifest.counts;
  return `${c.users ?? 0} users, ${c.poops ?? 0} posts, ${c.comments ?? 0} comments, ${c.chat_messages ?? 0} messages, ${files} files`;
}

main().catch((error: unknown) => {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

// `npm run restore -- <file>`: restores a backup into an empty DATA_DIR (and, for a PostgreSQL
// backup, the empty database at DATABASE_URL) with the server stopped. The archive is checked
// whole first; a damaged or partial one is refused in one line and nothing is written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { BackupRefusedError } from '../server/jobs/backup-archive';
import { restoreBackup } from '../server/jobs/backup-restore';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) throw new BackupRefusedError('usage: npm run restore -- <file.zip>');
  await fs.access(file).catch(() => {
    throw new BackupRefusedError(`${file} does not exist. Nothing was restored.`);
  });
  const config = loadConfig();
  const started = performance.now();
  const manifest = await restoreBackup(path.resolve(file), { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const seconds = (performance.now() - started) / 1000;
  const c = manifest.counts;
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${config.databaseUrl ? 'DATABASE_URL and ' : ''}${config.dataDir} in ${seconds.toFixed(1)} s ` +
      `(${c.users ?? 0} users, ${c.poops ?? 0} posts, ${Object.keys(manifest.entries).filter((e) => e.startsWith('files/')).length} files; counts checked). Start the server.\n`,
  );
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(error instanceof BackupRefusedError ? `${message}\n` : `Restore failed: ${message}\n`);
  process.exit(1);
});

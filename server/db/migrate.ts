import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './database';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The advisory lock every server takes around its migrations (see `Database.withAdvisoryLock`). */
export const MIGRATION_LOCK = 'plop.migrate';

/**
 * Applies the numbered SQL files in db/migrations that have not run yet, each in its own
 * transaction. Several servers starting at once on one database take turns under an advisory
 * lock: the first applies them, the others then find them applied (one schema, no errors).
 */
export async function migrate(database: Database): Promise<string[]> {
  return database.withAdvisoryLock(MIGRATION_LOCK, () => migrateLocked(database));
}

async function migrateLocked(database: Database): Promise<string[]> {
  await database.execScript(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const rows = await database.db.execute<{ version: number }>(sql`SELECT version FROM schema_migrations`);
  const applied = new Set(rowsOf<{ version: number }>(rows).map((r) => Number(r.version)));
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const ran: string[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 4));
    if (applied.has(version)) continue;
    const script = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    const name = file.replace(/'/g, "''");
    await database.execScript(`${script}\n;INSERT INTO schema_migrations (version, name) VALUES (${version}, '${name}');`);
    ran.push(file);
  }
  return ran;
}

/** drizzle's execute answers `{ rows }` on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

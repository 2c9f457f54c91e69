import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './database';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The advisory lock every server takes around its migrations (see `Database.withAdvisoryLock`). */
export const MIGRATION_LOCK = 'plop.migrate';

/** A migration failed and was rolled back; the message names the file. */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(
      `migration ${file} failed and was rolled back (the database is as it was before it): ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'MigrationError';
  }
}

/**
 * Applies the numbered SQL files in db/migrations (tests: another `directory`) that have not run yet, each in its own
 * transaction. Several servers starting at once on one database take turns under an advisory
 * lock: the first applies them, the others then find them applied (one schema, no errors).
 */
export async function migrate(database: Database, directory = MIGRATIONS_DIR): Promise<string[]> {
  return database.withAdvisoryLock(MIGRATION_LOCK, () => migrateLocked(database, directory));
}

async function migrateLocked(database: Database, directory: string): Promise<string[]> {
  await database.execScript(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const rows = await database.db.execute<{ version: number }>(sql`SELECT version FROM schema_migrations`);
  const applied = new Set(rowsOf<{ version: number }>(rows).map((r) => Number(r.version)));
  const files = (await fs.readdir(directory)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const ran: string[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 4));
    if (applied.has(version)) continue;
    const script = await fs.readFile(path.join(directory, file), 'utf8');
    const name = file.replace(/'/g, "''");
    try {
      await database.execScript(`${script}\n;INSERT INTO schema_migrations (version, name) VALUES (${version}, '${name}');`);
    } catch (error) {
      // The transaction rolled back: the database is as the previous migration left it.
      throw new MigrationError(file, error);
    }
    ran.push(file);
  }
  return ran;
}

/** drizzle's execute answers `{ rows }` on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

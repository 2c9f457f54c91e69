import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { MIGRATION_LOCK, migrate } from '../db/migrate';

const MIGRATION_FILES = fs
  .readdirSync(path.join(import.meta.dirname, '..', 'db', 'migrations'))
  .filter((f) => /^\d{4}_.+\.sql$/.test(f))
  .sort();

/** Servers starting at once. */
const INSTANCES = 6;

/**
 * N database handles on one empty database, as N servers would open it: on PostgreSQL
 * (TEST_DATABASE_URL) a new database of its own on that server, each handle with its own pool;
 * on PGlite one in-memory database shared by N callers (one process owns it).
 */
async function emptyDatabaseOpenedBy(n: number): Promise<Database[]> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    onTestFinished(() => database.close());
    return Array.from({ length: n }, () => database);
  }
  const name = `plop_migrate_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const handles = await Promise.all(Array.from({ length: n }, () => openDatabase({ url: databaseUrl.toString() })));
  onTestFinished(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await dropWhenClosed(admin, name);
    await admin.end();
  });
  return handles;
}

/** DROP DATABASE once the closed pools' sessions have ended on the server (they end just after `close`). */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE ${name}`);
      return;
    } catch (error) {
      // 55006: still accessed by other users.
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function count(database: Database, query: string): Promise<number> {
  const { rows } = await database.executeSql(query);
  return Number((rows[0] as { n: string | number }).n);
}

describe('migrations under an advisory lock', () => {
  it(`${INSTANCES} servers migrating one empty database at once end with one schema, each migration applied once`, async () => {
    const handles = await emptyDatabaseOpenedBy(INSTANCES);
    const results = await Promise.allSettled(handles.map((h) => migrate(h)));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
    const ran = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    // Every file ran exactly once, across all the servers.
    expect([...ran].sort()).toEqual(MIGRATION_FILES);
    const [first] = handles;
    expect(await count(first!, 'SELECT count(*) AS n FROM schema_migrations')).toBe(MIGRATION_FILES.length);
    expect(await count(first!, "SELECT count(*) AS n FROM pg_extension WHERE extname = 'pg_trgm'")).toBe(1);
    // The schema works: a later start finds nothing to do, and a table from the first migration is there.
    expect(await migrate(first!)).toEqual([]);
    expect(await count(first!, 'SELECT count(*) AS n FROM users')).toBe(0);
  });

  it('a migration that fails releases the lock: the next server is not blocked', async () => {
    const [database] = await emptyDatabaseOpenedBy(1);
    await expect(
      database!.withAdvisoryLock(MIGRATION_LOCK, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await migrate(database!)).length).toBe(MIGRATION_FILES.length);
  });
});

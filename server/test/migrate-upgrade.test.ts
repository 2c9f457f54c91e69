import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/database';
import { buildOn, signIn } from './helpers';
import { scalar } from './poop-helpers';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/** A folder with today's migrations up to `last` (an earlier release), and any `extra` files. */
function migrationsUpTo(last: number, extra: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-migrations-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const file of fs.readdirSync(MIGRATIONS).filter((f) => /^\d{4}_.+\.sql$/.test(f) && Number(f.slice(0, 4)) <= last)) {
    fs.copyFileSync(path.join(MIGRATIONS, file), path.join(dir, file));
  }
  for (const [file, text] of Object.entries(extra)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

/** Always a fresh, empty database (not the run's migrated template). */
async function emptyDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  const schemaName = url ? `t_up_${Math.random().toString(36).slice(2, 10)}` : undefined;
  const database = await openDatabase(url ? { url, schemaName } : {});
  onTestFinished(async () => {
    await database.close();
    if (url && schemaName) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schemaName} CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS ${schemaName}_jobs CASCADE`);
      await admin.end();
    }
  });
  return database;
}

describe('migrations', () => {
  it('a failing migration leaves the database as it was and the error names it', async () => {
    const database = await emptyDatabase();
    const broken = migrationsUpTo(10, {
      '0011_broken.sql': `CREATE TABLE upgrade_probe (id int PRIMARY KEY);\nINSERT INTO upgrade_probe VALUES (1);\nSELECT no_such_function();`,
    });
    await expect(migrate(database, broken)).rejects.toThrow(/^migration 0011_broken\.sql failed and was rolled back/);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM schema_migrations WHERE version = 11`)).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM pg_tables WHERE tablename = 'upgrade_probe'`)).toBe(0);
    // Everything before it stayed applied.
    expect(await scalar(database, sql`SELECT max(version) AS n FROM schema_migrations`)).toBe(10);
  });

  it("a database made by an earlier release's migrations upgrades to today's and reads back through the API", async () => {
    const database = await emptyDatabase();
    // The release before the health diary, leagues and achievements (0070 and later).
    await migrate(database, migrationsUpTo(60));
    await database.execScript(`
      INSERT INTO users (uid, email, username, username_searchable)
        VALUES ('old-user-1', 'old@example.com', 'oldtimer', 'oldtimer'), ('old-user-2', 'fan@example.com', 'oldfan', 'oldfan');
      INSERT INTO follows (follower_uid, followee_uid) VALUES ('old-user-2', 'old-user-1');
    `);
    const ran = await migrate(database);
    expect(ran[0]).toBe('0070_hidden_cells.sql');
    const { app } = await buildOn(database);
    const viewer = await signIn(app);
    const res = await app.inject({ method: 'GET', url: '/api/users/old-user-1', headers: { cookie: viewer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { username: 'oldtimer' } });
  });
});

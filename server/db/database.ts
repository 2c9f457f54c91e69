import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a multi-statement SQL script (no parameters) atomically. */
  execScript(script: string): Promise<void>;
  /** Raw SQL for the job queue (pg-boss's `db` adapter): parameters, or several statements without. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Postgres schema the job queue keeps its tables in (one per database, so tests never share). */
  jobsSchema: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL server URL; without it an embedded PGlite is opened. */
  url?: string;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** Postgres schema to use (tests isolate each file in its own). Created if missing. */
  schemaName?: string;
}

/** Opens embedded PGlite by default, or a PostgreSQL server when a URL is given. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.schemaName) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  // pg_trgm (username search) ships with PGlite as an extension; the migration creates it.
  const extensions = { pg_trgm };
  const client = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions });
  await client.waitReady;
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    async execScript(script) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    jobsSchema: 'pgboss',
    close: () => client.close(),
  };
}

async function openPostgres(url: string, schemaName: string | undefined): Promise<Database> {
  if (schemaName && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`bad schema name ${schemaName}`);
  if (schemaName) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    async execScript(script) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(script);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    executeSql: (text, values) => pool.query(text, values),
    jobsSchema: schemaName ? `${schemaName}_jobs` : 'pgboss',
    close: () => pool.end(),
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a multi-statement SQL script (no parameters) atomically. */
  execScript(script: string): Promise<void>;
  /** Raw SQL for the job queue (pg-boss's `db` adapter): parameters, or several statements without. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Tells every listener on `channel` (other servers on this database, and this one) that
   * something changed, with a short text payload. PostgreSQL: NOTIFY, scoped to the schema;
   * PGlite: one process owns the database, so only the listeners in this process.
   */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onMessage` with each payload sent to `channel`; `onLost` when messages may have been
   * missed (the listening connection dropped; it reconnects by itself); `onRestored` once it
   * listens again (from then on nothing is missed). Answers how to stop.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Runs `work` while holding the lock called `name` for this whole database, so servers starting
   * at once take turns (migrations). PostgreSQL: a session advisory lock on a connection held for
   * the duration (`work` may use any other); PGlite: one process owns it, so a queue in-process.
   */
  withAdvisoryLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Postgres schema the job queue keeps its tables in (one per database, so tests never share). */
  jobsSchema: string;
  /**
   * PGlite only: the whole database as a tarball, for `OpenOptions.loadDataDir` (the tests open
   * each database from a migrated one instead of creating and migrating it every time).
   */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: this server's connections in its pools (in use = total - idle; waiting: queries queued for one). */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

/** What runs raw SQL with `$n` parameters: pg-boss's `db` adapter (`Database.executeSql`, or a transaction's). */
export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Raw SQL with `$n` parameters run inside a drizzle transaction (or on any drizzle database): the
 * text is cut at each `$n` and the values bound in their place (drizzle numbers them again), so
 * what is sent commits or rolls back with the transaction. For pg-boss's `send({ db })` (the job
 * queued in the caller's transaction); its statements have no `$` inside literals.
 */
export function sqlRunnerOf(tx: Pick<Db, 'execute'>): SqlRunner {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let from = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(from, match.index)), sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
        from = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(from)));
      // Both drivers answer a result with `rows` (node-postgres QueryResult, PGlite Results).
      const result: unknown = await tx.execute(sql.join(chunks));
      return { rows: (result as { rows: unknown[] }).rows };
    },
  };
}

export interface ListenHandlers {
  onMessage: (payload: string) => void;
  onLost: (error: Error) => void;
  onRestored?: () => void;
}

export interface OpenOptions {
  /** PostgreSQL server URL; without it an embedded PGlite is opened. */
  url?: string;
  /**
   * PGlite data directory; undefined keeps the database in memory (tests). Its parent (DATA_DIR)
   * is locked for this process before PGlite opens it (data-dir-lock.ts): one process per folder.
   */
  dataDir?: string;
  /** Postgres schema to use (tests isolate each file in its own). Created if missing. */
  schemaName?: string;
  /** PGlite only: start from this database (`Database.dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
}

/** Opens embedded PGlite by default, or a PostgreSQL server when a URL is given. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.schemaName) : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  // Before PGlite touches the folder: a second process must not open it at all.
  const lock = dataDir ? lockDataDir(path.dirname(dataDir)) : undefined;
  // pg_trgm (username search) ships with PGlite as an extension; the migration creates it.
  const extensions = { pg_trgm };
  let client: PGlite;
  try {
    client = dataDir ? new PGlite(dataDir, { extensions, loadDataDir }) : new PGlite({ extensions, loadDataDir });
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
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
    ...localChannels(),
    withAdvisoryLock: localLocks(),
    jobsSchema: 'pgboss',
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Named locks inside one process: each holder waits for the previous one to finish. */
function localLocks(): Database['withAdvisoryLock'] {
  const tails = new Map<string, Promise<unknown>>();
  return async (name, work) => {
    const previous = tails.get(name) ?? Promise.resolve();
    // The next holder waits for this one whether it succeeds or fails; its outcome is ours to answer.
    const run = previous.catch(() => undefined).then(work);
    const tail = run.catch(() => undefined);
    tails.set(name, tail);
    try {
      return await run;
    } finally {
      if (tails.get(name) === tail) tails.delete(name);
    }
  };
}

/**
 * A session advisory lock, on a pooled connection kept until `work` ends. The key is the name's
 * 64-bit hash, the same in every schema: migrations also create extensions, which are per database.
 */
function postgresLocks(pool: pg.Pool): Database['withAdvisoryLock'] {
  return async (name, work) => {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    try {
      return await work();
    } finally {
      try {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
        client.release();
      } catch (error) {
        // Released with the error, the connection is closed, and PostgreSQL frees its locks with it.
        client.release(error as Error);
      }
    }
  };
}

/** Notifications inside one process (PGlite: nobody else can open its database). */
function localChannels(): Pick<Database, 'notify' | 'listen'> {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  return {
    async notify(channel, payload) {
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    },
    async listen(channel, { onMessage }) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      // A wrapper per call, so the same handler listening twice stops twice.
      const listener = (payload: string) => onMessage(payload);
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },
  };
}

/** How long a dropped LISTEN connection waits before it connects again. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * PostgreSQL LISTEN on a connection of its own (a pooled one would be handed to other queries).
 * Channels are prefixed with the schema, so test files (a schema each) never hear each other.
 */
function postgresChannels(pool: pg.Pool, url: string, schemaName: string | undefined): Pick<Database, 'notify' | 'listen'> {
  const scoped = (channel: string) => `${schemaName ?? 'public'}.${channel}`;
  return {
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [scoped(channel), payload]);
    },
    async listen(channel, { onMessage, onLost, onRestored }) {
      const name = scoped(channel);
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async () => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === name) onMessage(message.payload ?? '');
        });
        next.on('error', (error) => lost(next, error));
        next.on('end', () => lost(next, new Error('the LISTEN connection ended')));
        client = next;
        await next.connect();
        await next.query(`LISTEN "${name.replaceAll('"', '""')}"`);
      };
      const lost = (from: pg.Client, error: Error) => {
        if (stopped || client !== from) return;
        client = undefined;
        onLost(error);
        // Already broken: ending it only frees the socket, and a failure there changes nothing we could act on.
        from.end().catch(() => undefined);
        retry = setTimeout(() => {
          retry = undefined;
          if (!stopped)
            connect().then(
              () => onRestored?.(),
              (again: Error) => lost(client ?? from, again),
            );
        }, RELISTEN_DELAY_MS);
        retry.unref();
      };
      await connect();
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        await client?.end();
      };
    },
  };
}

/** Connections a server opens for its queries on PostgreSQL (locks and LISTEN have their own). */
export const POOL_SIZE = 10;
const LOCK_POOL_SIZE = 10;

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
    max: POOL_SIZE,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  // Advisory locks (one per upload id, migrations) hold their connection while `work` queries
  // through `pool`: on a pool of their own, so lock holders can never take every connection
  // `work` is waiting for (with one pool, 10 uploads at once deadlocked it).
  const lockPool = new pg.Pool({ connectionString: url, max: LOCK_POOL_SIZE });
  // A connection that drops (the server restarted, pg_terminate_backend) emits 'error': on the
  // pool when idle, on the client when checked out (a transaction between two queries, a held
  // lock). Unhandled, either event ends the process. Queries get the error themselves (answered
  // 503, plugins/error-handler.ts) and the pool discards a client that is no longer queryable,
  // so here there is nothing left to do.
  const dropped = () => undefined;
  for (const p of [pool, lockPool]) {
    p.on('error', dropped);
    p.on('connect', (client) => client.on('error', dropped));
  }
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
    ...postgresChannels(pool, url, schemaName),
    withAdvisoryLock: postgresLocks(lockPool),
    jobsSchema: schemaName ? `${schemaName}_jobs` : 'pgboss',
    poolUse: () => ({
      total: pool.totalCount + lockPool.totalCount,
      idle: pool.idleCount + lockPool.idleCount,
      waiting: pool.waitingCount + lockPool.waitingCount,
      max: POOL_SIZE + LOCK_POOL_SIZE,
    }),
    async close() {
      await Promise.all([pool.end(), lockPool.end()]);
    },
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, messages as protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A value bound to a prepared read. */
export type PreparedValue = string | number | boolean | null;

/** A read prepared once per connection: `text` uses $1, $2... in the order of the values passed. */
export interface PreparedStatement {
  /** A plain SQL identifier, unique per statement text. */
  name: string;
  text: string;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a multi-statement SQL script (no parameters) atomically. */
  execScript(script: string): Promise<void>;
  /** Raw SQL for the job queue (pg-boss's `db` adapter): parameters, or several statements without. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs a read that is parsed and planned once per connection, not once per call, and answers its
   * rows as arrays of the values in Postgres' text format (null for NULL), in the select's column
   * order: the caller decodes them (repositories with their drizzle columns). For hot reads (the
   * feed): PostgreSQL keeps a named statement per pooled connection; PGlite has none in its API
   * and its `query` parses, describes and plans every call in three round trips, then copies
   * its 300-odd type parsers per result, which was most of a feed page's time.
   *
   * These statements run with `plan_cache_mode = force_generic_plan`: their plan must not depend on
   * the values bound (what picks an index, such as a partial index's predicate or a LIMIT, is written
   * in the text). Left to choose, PostgreSQL kept planning every call again, because a generic plan
   * guesses 10 elements for an array parameter (`unnest($1::text[])`) where a batch of reads has 8
   * at most: the planning took longer than the execution (0.19 ms of a signed-in batch's 0.41 ms;
   * the feed served a quarter to a third more requests without it). Every other query keeps
   * PostgreSQL's choice.
   */
  queryPrepared(statement: PreparedStatement, values: readonly PreparedValue[]): Promise<unknown[][]>;
  /**
   * Tells every listener on `channel` (other servers on this database, and this one) that
   * something changed, with a short text payload. PostgreSQL: NOTIFY, scoped to the schema;
   * PGlite: one process owns the database, so only the listeners in this process.
   */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onMessage` with each payload sent to `channel`; `onLost` when messages may have been
   * missed (the listening connection dropped; it reconnects by itself). Answers how to stop.
   */
  listen(channel: string, handlers: { onMessage: (payload: string) => void; onLost: (error: Error) => void }): Promise<() => Promise<void>>;
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
  close(): Promise<void>;
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
    queryPrepared: pglitePrepared(client),
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

const SQL_NAME = /^[a-z_][a-z0-9_]*$/;

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
    async listen(channel, { onMessage, onLost }) {
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
          if (!stopped) connect().catch((again: Error) => lost(client ?? from, again));
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

/**
 * An SQL literal of a bound value, for EXECUTE's arguments. E'' strings escape the same way
 * whatever `standard_conforming_strings` says; NUL cannot be in a Postgres string at all.
 */
export function sqlLiteral(value: PreparedValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return String(value);
  }
  if (value.includes('\0')) throw new RangeError('a string with NUL cannot be sent to Postgres');
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

const encoder = new TextEncoder();

/** A simple-protocol Query message ('Q', length, the text NUL-terminated). */
function queryMessage(text: string): Uint8Array {
  const body = encoder.encode(`${text}\0`);
  const message = new Uint8Array(body.length + 5);
  message[0] = 0x51;
  new DataView(message.buffer).setInt32(1, body.length + 4);
  message.set(body, 5);
  return message;
}

/**
 * PGlite: PREPARE once per statement, then `EXECUTE name(literals)` as one simple-protocol message,
 * sent under the same locks `exec` takes (so never inside someone else's transaction), its data
 * rows read as they come. A statement missing again (26000, e.g. after DEALLOCATE) is prepared
 * again once.
 */
function pglitePrepared(client: PGlite): Database['queryPrepared'] {
  const prepared = new Map<string, Promise<unknown>>();
  const prepare = (statement: PreparedStatement) => {
    let done = prepared.get(statement.name);
    if (!done) {
      if (!SQL_NAME.test(statement.name)) throw new Error(`bad statement name ${statement.name}`);
      done = client.exec(`PREPARE ${statement.name} AS ${statement.text}`);
      // A failed PREPARE is tried again by the next call rather than remembered.
      done.catch(() => prepared.delete(statement.name));
      prepared.set(statement.name, done);
    }
    return done;
  };
  const execute = async (message: Uint8Array) => {
    await client._checkReady();
    const { messages } = await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => client.execProtocol(message)));
    const rows: unknown[][] = [];
    for (const message of messages) if (message instanceof protocol.DataRowMessage) rows.push(message.fields);
    return rows;
  };
  return async (statement, values) => {
    // One implicit transaction: if EXECUTE fails, the SET is rolled back with it.
    const executeText = `EXECUTE ${statement.name}${values.length > 0 ? `(${values.map(sqlLiteral).join(', ')})` : ''}`;
    const message = queryMessage(`SET plan_cache_mode = force_generic_plan; ${executeText}; RESET plan_cache_mode`);
    await prepare(statement);
    try {
      return await execute(message);
    } catch (error) {
      if ((error as { code?: unknown }).code !== '26000') throw error;
      prepared.delete(statement.name);
      await prepare(statement);
      return execute(message);
    }
  };
}

/** Every value as its text: the caller decodes (see `Database.queryPrepared`). */
const TEXT_VALUES = { getTypeParser: () => (value: string) => value };

/** Connections a server opens for its queries on PostgreSQL (locks and LISTEN have their own). */
export const POOL_SIZE = 10;

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
  // Prepared reads (queryPrepared) on connections of their own, where every named statement is
  // planned once (plan_cache_mode): the rest keeps PostgreSQL's choice of plan per call.
  const readPool = new pg.Pool({
    connectionString: url,
    max: 5,
    options: `${schemaName ? `-c search_path=${schemaName} ` : ''}-c plan_cache_mode=force_generic_plan`,
  });
  // Advisory locks (one per upload id, migrations) hold their connection while `work` queries
  // through `pool`: on a pool of their own, so lock holders can never take every connection
  // `work` is waiting for (with one pool, 10 uploads at once deadlocked it).
  const lockPool = new pg.Pool({ connectionString: url, max: 10 });
  // A connection that drops (the server restarted, pg_terminate_backend) emits 'error': on the
  // pool when idle, on the client when checked out (a transaction between two queries, a held
  // lock). Unhandled, either event ends the process. Queries get the error themselves (answered
  // 503, plugins/error-handler.ts) and the pool discards a client that is no longer queryable,
  // so here there is nothing left to do.
  const dropped = () => undefined;
  for (const p of [pool, readPool, lockPool]) {
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
    async queryPrepared(statement, values) {
      // pg keeps a named statement per pooled connection: parsed once, then Bind/Execute only.
      const result = await readPool.query<unknown[]>({
        name: statement.name,
        text: statement.text,
        values: [...values],
        rowMode: 'array',
        types: TEXT_VALUES,
      });
      return result.rows;
    },
    jobsSchema: schemaName ? `${schemaName}_jobs` : 'pgboss',
    async close() {
      await Promise.all([pool.end(), readPool.end(), lockPool.end()]);
    },
  };
}

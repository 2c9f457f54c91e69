import { fork, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createInflateRaw } from 'node:zlib';
import pg from 'pg';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { Database } from '../db/database';
import type { ObjectStorage } from '../storage/object-storage';

/**
 * One backup archive (a ZIP): the database at one instant (PGlite: its data directory as
 * `dumpDataDir` makes it; PostgreSQL: `pg_dump -Fc` on an exported snapshot), every stored file
 * under DATA_DIR/files (photos, avatars, exports still kept), DATA_DIR/vapid.json, and
 * `manifest.json` last: row counts at that instant and each entry's size and SHA-256. The ZIP's
 * comment holds the manifest's own SHA-256, so a changed byte anywhere is found before a restore
 * writes anything.
 */
export const BACKUP_FORMAT = 1;
const COMMENT_PREFIX = `plop-backup-v${BACKUP_FORMAT} sha256:`;
const MANIFEST = 'manifest.json';
export const PGLITE_ENTRY = 'database/pglite.tar';
export const POSTGRES_ENTRY = 'database/postgres.dump';

/** The tables whose rows the manifest counts (what a person would miss). */
export const COUNTED_TABLES = [
  'users',
  'sessions',
  'follows',
  'poops',
  'health_entries',
  'comments',
  'likes',
  'notifications',
  'push_subscriptions',
  'chat_conversations',
  'chat_messages',
  'leagues',
  'league_members',
  'achievements',
  'map_hidden_cells',
  'data_exports',
  'dataset_exports',
  'schema_migrations',
] as const;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The newest migration applied at the backup's instant. */
  migration: number;
  counts: Record<string, number>;
  /** Every other entry of the archive: its size and SHA-256 (hex). */
  entries: Record<string, { bytes: number; sha256: string }>;
  /** With S3 storage: the bucket's objects at the backup (the bytes are backed up with the provider's tools). */
  s3Objects?: { key: string; modifiedAt: string }[];
  /** Stored files that were removed between the database's snapshot and their copy. */
  vanished: string[];
}

export interface BackupSource {
  database: Database;
  /** PostgreSQL only: the server URL pg_dump connects to. */
  databaseUrl?: string;
  /** PostgreSQL only: dump these schemas alone (tests keep each in its own); all of the database when omitted. */
  schemas?: string[];
  dataDir: string;
  /** The storage the app uses: only S3 is listed; disk files are read under `dataDir/files`. */
  storage: ObjectStorage;
  now: () => Date;
}

/** The archive could not be trusted: one line an operator can act on. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

/** Writes one archive to `out` (ends it); answers the manifest. */
export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupManifest> {
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, out);
  // The output fails (a client went away): stop adding entries at once.
  let failed: Error | undefined;
  let current: PassThrough | undefined;
  written.catch((error: Error) => {
    failed = error;
    current?.destroy(error);
  });
  const entries: BackupManifest['entries'] = {};
  const add = async (name: string, input: NodeJS.ReadableStream, compress: boolean) => {
    if (failed) throw failed;
    const hash = createHash('sha256');
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const through = new PassThrough();
    current = through;
    zip.addReadStream(through, name, { compress, mtime: source.now() });
    // Resolves once every byte went through (yazl reads them in turn, so the output must be flowing).
    await pipeline(input, counter, through);
    entries[name] = { bytes, sha256: hash.digest('hex') };
  };

  try {
    const snapshot = await snapshotDatabase(source);
    try {
      await add(snapshot.entry, createReadStream(snapshot.file), true);
    } finally {
      await fs.rm(snapshot.dir, { recursive: true, force: true });
    }
    // After the snapshot: every file a row of it names was written before its row (uploads store, then insert).
    const vanished: string[] = [];
    const filesRoot = path.join(source.dataDir, 'files');
    for (const key of await listStoredFiles(filesRoot)) {
      const handle = await fs.open(path.join(filesRoot, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (!handle) {
        vanished.push(key);
        continue;
      }
      try {
        // Photos are WebP already: stored, not deflated again.
        await add(`files/${key}`, handle.createReadStream({ autoClose: false }), false);
      } finally {
        await handle.close();
      }
    }
    const vapid = path.join(source.dataDir, 'vapid.json');
    if (await exists(vapid)) await add('vapid.json', createReadStream(vapid), true);
    const s3Objects =
      source.storage.kind === 'disk'
        ? undefined
        : (await source.storage.list('')).map((o) => ({ key: o.key, modifiedAt: o.modifiedAt.toISOString() }));

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: snapshot.at.toISOString(),
      database: source.database.kind,
      migration: snapshot.counts.migration ?? 0,
      counts: snapshot.counts.tables,
      entries,
      ...(s3Objects ? { s3Objects } : {}),
      vanished,
    };
    const bytes = Buffer.from(JSON.stringify(manifest, null, 2));
    zip.addBuffer(bytes, MANIFEST, { mtime: source.now() });
    zip.end({ comment: `${COMMENT_PREFIX}${sha256(bytes)}`, forceZip64Format: false });
    await written;
    return manifest;
  } catch (error) {
    // An unfinished archive must not look finished: the output ends with an error.
    out.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
}

/** Writes the archive to `file` through a temporary name, so a file at that name is always whole. */
export async function writeBackupFile(source: BackupSource, file: string): Promise<BackupManifest> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID().slice(0, 8)}.partial`;
  try {
    const manifest = await writeBackup(source, createWriteStream(temp));
    await fs.rename(temp, file);
    return manifest;
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

interface Snapshot {
  at: Date;
  dir: string;
  file: string;
  entry: string;
  counts: { tables: Record<string, number>; migration: number | undefined };
}

async function snapshotDatabase(source: BackupSource): Promise<Snapshot> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plop-backup-'));
  try {
    const { database } = source;
    if (database.kind === 'pglite') {
      if (!database.dumpDataDir) throw new Error('this PGlite database cannot be dumped');
      const at = source.now();
      // PGlite's documented dump of its data directory: taken in one turn of the event loop, so it holds
      // what was committed then (an open transaction's rows are rolled back when it is opened again).
      const dump = await database.dumpDataDir();
      const file = path.join(dir, 'pglite.tar');
      await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
      // The counts of the dump itself, read from a copy opened in another process (and so the dump is known to open).
      const counts = await countsOfPgliteDump(file);
      return { at, dir, file, entry: PGLITE_ENTRY, counts };
    }
    if (!source.databaseUrl) throw new Error('a PostgreSQL backup needs the database URL');
    // One snapshot for the counts and the dump: exported by a repeatable-read transaction kept open while pg_dump runs.
    const client = new pg.Client({ connectionString: source.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      if (source.schemas?.[0]) await client.query(`SET LOCAL search_path TO ${pg.escapeIdentifier(source.schemas[0])}`);
      const { rows } = await client.query<{ id: string; at: Date }>('SELECT pg_export_snapshot() AS id, now() AS at');
      const counts = await countRows((text) => client.query(text));
      const file = path.join(dir, 'postgres.dump');
      const schemaArgs = (source.schemas ?? []).flatMap((s) => ['-n', s]);
      await run('pg_dump', ['-Fc', '--no-owner', `--snapshot=${rows[0]!.id}`, ...schemaArgs, '-f', file, '-d', source.databaseUrl]);
      await client.query('COMMIT');
      return { at: rows[0]!.at, dir, file, entry: POSTGRES_ENTRY, counts };
    } finally {
      await client.end();
    }
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;
type RowCounts = Snapshot['counts'];

/** countRows of a PGlite dump, opened in a process of its own (pglite-dump-counts.ts) so the server keeps answering. */
function countsOfPgliteDump(file: string): Promise<RowCounts> {
  return new Promise((resolve, reject) => {
    // TypeScript like the server: it runs through tsx, as `npm start` runs server/main.ts.
    const child = fork(fileURLToPath(new URL('./pglite-dump-counts.ts', import.meta.url)), [file], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let counts: RowCounts | undefined;
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    child.on('message', (message: RowCounts) => (counts = message));
    child.once('error', reject);
    child.once('exit', (code) =>
      counts && code === 0
        ? resolve(counts)
        : reject(new Error(`the dump could not be opened and counted (exit code ${code}): ${errors.trim()}`)),
    );
  });
}

/** Row counts of COUNTED_TABLES (those that exist) and the newest migration, in one statement. */
export async function countRows(query: Query): Promise<RowCounts> {
  const present = (await query(
    `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace`,
  )) as { rows: { name: string }[] };
  const names = new Set(present.rows.map((r) => r.name));
  const tables = COUNTED_TABLES.filter((t) => names.has(t));
  if (tables.length === 0) return { tables: {}, migration: undefined };
  const selects = tables.map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`);
  const migration = names.has('schema_migrations') ? ', (SELECT max(version) FROM schema_migrations)::int AS newest_migration' : '';
  const { rows } = (await query(`SELECT ${selects.join(', ')}${migration}`)) as { rows: Record<string, number | null>[] };
  const row = rows[0] ?? {};
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = Number(row[t] ?? 0);
  return { tables: counts, migration: row.newest_migration ?? undefined };
}

/** Every file under the disk storage's root but its staging folder, as keys (relative, `/`-separated). */
export async function listStoredFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory() && !(folder === root && entry.name === '.staging')) await walk(full);
      else if (entry.isFile()) found.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  await walk(root);
  return found;
}

/** A verified archive: its manifest, and how to read an entry again. */
export interface VerifiedArchive {
  manifest: BackupManifest;
  /** Streams every entry but the manifest to `onEntry`, in archive order. */
  extract(onEntry: (name: string, stream: NodeJS.ReadableStream) => Promise<void>): Promise<void>;
}

/**
 * Reads the whole archive and checks it against its manifest and the manifest against the ZIP
 * comment; throws BackupRefusedError (one line) for anything missing, extra, truncated or changed.
 * Nothing is written. Called by `npm run backup` and `npm run restore` (scripts/), hence public.
 * @public
 */
export async function verifyBackup(file: string): Promise<VerifiedArchive> {
  const refuse = (why: string) => new BackupRefusedError(`${file} is not a whole Plop backup: ${why}. Nothing was restored.`);
  // One pass: every entry hashed (the manifest kept), each stream read to its end before the next is opened.
  const checked = await readEntries(file, async (name, stream) => {
    const hash = createHash('sha256');
    const kept: Buffer[] = [];
    let bytes = 0;
    await consume(stream, (chunk) => {
      hash.update(chunk);
      bytes += chunk.length;
      if (name === MANIFEST) kept.push(chunk);
    });
    return { bytes, sha256: hash.digest('hex'), content: name === MANIFEST ? Buffer.concat(kept) : undefined };
  }).catch((error: Error) => {
    throw refuse(error.message);
  });
  const { comment } = checked;
  const manifestEntry = checked.results.get(MANIFEST);
  if (!comment.startsWith(COMMENT_PREFIX)) throw refuse('it has no Plop backup signature');
  if (!manifestEntry?.content) throw refuse('its manifest is missing');
  if (manifestEntry.sha256 !== comment.slice(COMMENT_PREFIX.length)) throw refuse('its manifest does not match its checksum');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestEntry.content.toString('utf8')) as BackupManifest;
  } catch {
    throw refuse('its manifest is not readable');
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw refuse(`it is format ${String(manifest.format)}, this version reads ${String(BACKUP_FORMAT)}`);
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const actual = checked.results.get(name);
    if (!actual) throw refuse(`${name} is missing`);
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) throw refuse(`${name} does not match its checksum`);
  }
  for (const name of checked.results.keys()) {
    if (name !== MANIFEST && !manifest.entries[name]) throw refuse(`${name} is not in its manifest`);
  }
  return {
    manifest,
    extract: async (onEntry) => {
      await readEntries(file, async (name, stream) => {
        if (name !== MANIFEST) await onEntry(name, stream);
        else stream.resume();
        return undefined;
      });
    },
  };
}

/** Reads each entry of a ZIP in turn; answers the comment and what `each` answered per entry (undefined: nothing kept). */
function readEntries<T>(
  file: string,
  each: (name: string, stream: NodeJS.ReadableStream) => Promise<T | undefined>,
): Promise<{ comment: string; results: Map<string, T> }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error('unreadable'));
      const results = new Map<string, T>();
      const fail = (error: Error) => {
        zip.close();
        reject(error);
      };
      zip.on('error', fail);
      zip.on('end', () => resolve({ comment: zip.comment, results }));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (results.has(entry.fileName)) return fail(new Error(`${entry.fileName} appears twice`));
        // Inflated here, not by yauzl: its inflating stream does not pass a corrupt entry's error on (it never ends).
        const compressed = entry.isCompressed();
        zip.openReadStream(entry, { decompress: compressed ? false : null, decrypt: null, start: null, end: null }, (streamError, raw) => {
          if (streamError || !raw) return fail(streamError ?? new Error(`${entry.fileName} is unreadable`));
          const stream = compressed ? raw.pipe(createInflateRaw()) : raw;
          if (compressed) raw.on('error', (error) => stream.destroy(error));
          each(entry.fileName, stream).then((value) => {
            if (value !== undefined) results.set(entry.fileName, value);
            zip.readEntry();
          }, fail);
        });
      });
      zip.readEntry();
    });
  });
}

/** Reads a stream to its end through events (yauzl's streams of stored entries never end under `for await`). */
function consume(stream: NodeJS.ReadableStream, onChunk: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.on('data', onChunk);
    stream.on('end', resolve);
    stream.on('error', reject);
  });
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Runs a command to its end; rejects with its last stderr line when it fails. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${code}): ${stderr.trim().split('\n').pop() ?? ''}`));
    });
  });
}

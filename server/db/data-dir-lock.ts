import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per data folder. The embedded database (PGlite) is a single-process engine: two
 * processes on one folder both acknowledge writes and then lose one side's (and its files are
 * swept as orphans). The lock is a file in the folder naming its holder; it is created
 * atomically (link(2) of a complete file, which fails if one exists), held for the process's
 * life, removed on exit, and recognised as stale after a crash: its process is gone, or the pid
 * now belongs to a process started at another time (pid reuse).
 */
export const DATA_DIR_LOCK_FILE = 'plop.lock';

export interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), where known: tells pid reuse apart. */
  startTicks: number | undefined;
  hostname: string;
  command: string;
  since: string;
}

/** The folder is open in another live process. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}): ` +
        'one process at a time may open it. Stop that process first, or use DATABASE_URL (PostgreSQL) to run several processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** The start time of a process in clock ticks since boot, or undefined where /proc does not say. */
function startTicksOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command (field 2) is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : undefined;
  } catch {
    // No /proc (not Linux) or the process is gone: nothing to compare.
    return undefined;
  }
}

function isAlive(holder: LockHolder): boolean {
  // A lock written on another machine (a folder on a network share) cannot be checked from here: assume it is live.
  if (holder.hostname !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.startTicks === undefined) return true;
  const now = startTicksOf(holder.pid);
  return now === undefined || now === holder.startTicks;
}

function readHolder(file: string): LockHolder | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number') {
      return {
        pid: parsed.pid,
        startTicks: typeof parsed.startTicks === 'number' ? parsed.startTicks : undefined,
        hostname: String(parsed.hostname ?? os.hostname()),
        command: String(parsed.command ?? 'unknown'),
        since: String(parsed.since ?? 'unknown'),
      };
    }
  } catch {
    // Unreadable content: the file is written whole before it is linked in, so this is not ours; treat as stale.
  }
  return { pid: 0, startTicks: undefined, hostname: os.hostname(), command: 'unreadable lock file', since: 'unknown' };
}

/**
 * Who holds the folder's lock right now (a live process), or undefined when it is free or stale.
 * @public scripts/start.mjs loads it through tsx's `tsImport`, which knip does not follow.
 */
export function dataDirLockHolder(dataDir: string): LockHolder | undefined {
  const holder = readHolder(path.join(path.resolve(dataDir), DATA_DIR_LOCK_FILE));
  return holder && holder.pid > 0 && isAlive(holder) ? holder : undefined;
}

/**
 * Takes the folder's lock for this process, or throws DataDirLockedError naming the holder.
 * A stale lock (its process crashed) is replaced. Released by `release()` and on process exit.
 */
export function lockDataDir(dataDir: string, command = describeProcess()): DataDirLock {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, DATA_DIR_LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    startTicks: startTicksOf(process.pid),
    hostname: os.hostname(),
    command,
    since: new Date().toISOString(),
  };
  const temp = path.join(dir, `${DATA_DIR_LOCK_FILE}.${process.pid}.${Date.now()}.tmp`);
  fs.writeFileSync(temp, JSON.stringify(mine));
  try {
    // Two attempts: the second after removing a stale lock.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.linkSync(temp, file);
        return holding(file, mine);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(file);
      if (holder && holder.pid > 0 && isAlive(holder)) throw new DataDirLockedError(dir, holder);
      // Stale: removed only if it is still the same file we judged (another starter may have replaced it meanwhile).
      const seen = holder ? JSON.stringify(holder) : undefined;
      const again = readHolder(file);
      if (again && JSON.stringify(again) === seen) fs.rmSync(file, { force: true });
    }
    const holder = readHolder(file);
    throw new DataDirLockedError(dir, holder ?? { ...mine, pid: 0, command: 'another starting process' });
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function holding(file: string, mine: LockHolder): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const holder = readHolder(file);
    // Only our own lock is removed (never one another process took after ours was judged stale).
    if (holder?.pid === mine.pid && holder.since === mine.since) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, release };
}

function describeProcess(): string {
  const script = process.argv[1] ? path.relative(process.cwd(), process.argv[1]) : 'node';
  const port = process.env.PORT ? `, PORT ${process.env.PORT}` : '';
  return `${script}${port}`;
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { writeBackup, writeBackupFile, type BackupManifest, type BackupSource } from './backup-archive';
import type { JobQueue } from './job-queue';

const BACKUP_QUEUE = 'backup';
const ARCHIVE_NAME = /^plop-backup-[\dTZ-]+\.zip$/;
/** How long after start the schedule is set (and so the queue started): start-up never waits for it. */
const SCHEDULE_START_DELAY_MS = 60_000;

/** Another backup is being written by this server. */
export class BackupBusyError extends Error {
  constructor() {
    super('a backup is already being written');
    this.name = 'BackupBusyError';
  }
}

/**
 * The server's backups: one at a time, on request (the loopback endpoint `npm run backup` uses)
 * or nightly on the queue's cron schedule into `dir`, keeping the newest `keep`. Failures are
 * logged and counted (GET /metrics) and never reach the rest of the server.
 */
export class Backups {
  private running = false;
  private lastSuccess: Date | undefined;
  /** Scheduled backups that failed since start (each is retried by the queue). */
  failures = 0;

  constructor(
    private readonly source: BackupSource,
    private readonly log: FastifyBaseLogger,
    private readonly settings: { dir: string; keep: number },
  ) {}

  /** A backup is being written now. */
  get busy(): boolean {
    return this.running;
  }

  /** Writes one archive to `out`. */
  async stream(out: Writable): Promise<BackupManifest> {
    return this.exclusive(() => writeBackup(this.source, out));
  }

  /** The scheduled backup: a new archive in the backup folder, then the oldest beyond `keep` removed. */
  async scheduled(): Promise<BackupManifest> {
    const at = this.source.now();
    const file = path.join(this.settings.dir, `plop-backup-${at.toISOString().replace(/[:.]/g, '-')}.zip`);
    try {
      const manifest = await this.exclusive(() => writeBackupFile(this.source, file));
      this.log.info({ file, counts: manifest.counts }, 'backup written');
      await this.prune();
      return manifest;
    } catch (error) {
      this.failures += 1;
      this.log.error({ err: error, file }, 'backup failed (the queue retries it)');
      throw error;
    }
  }

  /** When the newest archive was written: this process's last success, else the newest file in the folder. */
  async lastSuccessAt(): Promise<Date | undefined> {
    if (this.lastSuccess) return this.lastSuccess;
    const newest = (await this.archives())[0];
    return newest ? (await fs.stat(path.join(this.settings.dir, newest))).mtime : undefined;
  }

  private async exclusive(work: () => Promise<BackupManifest>): Promise<BackupManifest> {
    if (this.running) throw new BackupBusyError();
    this.running = true;
    try {
      const manifest = await work();
      this.lastSuccess = this.source.now();
      return manifest;
    } finally {
      this.running = false;
    }
  }

  /** The archives in the folder, newest first (their names sort by time). */
  private async archives(): Promise<string[]> {
    const names = await fs.readdir(this.settings.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    return names.filter((n) => ARCHIVE_NAME.test(n)).sort((a, b) => b.localeCompare(a));
  }

  private async prune(): Promise<void> {
    for (const old of (await this.archives()).slice(this.settings.keep)) await fs.rm(path.join(this.settings.dir, old), { force: true });
  }
}

/**
 * The nightly backup on pg-boss's cron (once per tick across servers; retried twice, 10 minutes
 * apart, when it fails). The schedule is set (and the queue started) a minute after the server is ready.
 */
export function scheduleBackups(app: FastifyInstance, deps: { backups: Backups; queue: JobQueue; cron: string }): void {
  deps.queue.define({
    name: BACKUP_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 600,
    expireInSeconds: 3600,
    handle: async () => {
      await deps.backups.scheduled();
    },
  });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      deps.queue
        .schedule(BACKUP_QUEUE, deps.cron)
        .catch((error: unknown) => app.log.error({ err: error }, 'could not schedule the nightly backup'));
    }, SCHEDULE_START_DELAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
  });
}

import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import { DATA_EXPORT_LINK_HOURS } from '../../core/constants';
import { dataExportDecision, dataExportDownloadPath, dataExportFileName, type DataExport } from '../../core/data-export-api';
import { SERVER_MESSAGES } from '../../core/server-messages';
import type { DataExportRepository, DataExportRow, HealthEntryRow } from '../repositories/data-export.repository';
import { NotFoundError, RetryLaterError } from '../errors';
import { detailsOf } from '../repositories/diary.repository';
import type { ObjectStorage, StoredStream } from '../storage/object-storage';
import { avatarKey, poopImageKey, storageKey } from '../storage/storage-keys';

const HOUR_MS = 3_600_000;
/** A request that is neither ready nor failed after this long (a job lost for good) is swept. */
const STALE_REQUEST_MS = 24 * HOUR_MS;
/** The storage folder of the archives: exports/{uid}/{id}.{attempt}.zip. */
const EXPORTS_FOLDER = 'exports';
/** How often a writer records that it is alive (issue 61). */
const PROGRESS_EVERY_MS = 5_000;
/**
 * A pending export whose writer has been silent this long is dead (a killed server): it is
 * started afresh, by the recovery timer or by its owner asking again. This, not pg-boss's
 * expiry, is the job's expiry: it follows progress, so a large archive is never cut short.
 */
export const DATA_EXPORT_STALL_MS = 30_000;
/** Past the disk budget, a waiting export looks again this often (and at once when space frees). */
const BUDGET_RECHECK_SECONDS = 60;

export interface DataExportJob {
  exportId: string;
  /** The attempt the job was sent for (absent in jobs queued before issue 61: the first). */
  attempt?: number;
}

/** The local file an attempt writes before it goes to storage; every attempt's starts with `tempPrefix`. */
function tempPrefix(id: string): string {
  return `export-${id}-`;
}

function toApi(row: DataExportRow, queuePosition: number | null): DataExport {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    size: row.size ?? null,
    downloadUrl: ready ? dataExportDownloadPath(row.id) : null,
    queuePosition,
  };
}

function details(row: HealthEntryRow | null) {
  if (row === null) return null;
  return { occurredAt: row.occurredAt.toISOString(), ...detailsOf(row) };
}

/**
 * "Download my data" (issue 43): a request queues a background job, which writes a ZIP (data.json
 * and the photos at the largest size kept) to storage as a stream, marks the export ready and
 * notifies the owner. Only the owner may download it, for DATA_EXPORT_LINK_HOURS; the sweep then
 * deletes the file and the row. A person has at most one archive on disk and a new one at most
 * once an hour; all archives together stay within `budgetBytes` (past it, exports wait their turn).
 */
export class DataExportService {
  constructor(
    private readonly deps: {
      exports: DataExportRepository;
      storage: ObjectStorage;
      /** A local folder for the archive while it is written (streamed there, then to storage). */
      workDir: string;
      /** `key` (export, attempt): each attempt is queued once. */
      enqueue: (job: DataExportJob, key: readonly string[], delaySeconds?: number) => Promise<unknown>;
      /** The disk budget of all archives together: past it, a new export waits (issue 61). */
      budgetBytes: number;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  /**
   * Asks for an export: answers the one on its way (a stalled one starts afresh), or the ready one
   * younger than an hour with 429; else a new one replaces any earlier archive (deleted first).
   */
  async request(uid: string): Promise<DataExport> {
    const now = this.deps.now();
    let freed = false;
    const { row, retryAt } = await this.deps.exports.request(
      uid,
      randomUUID(),
      now,
      new Date(now.getTime() - DATA_EXPORT_STALL_MS),
      (latest) => dataExportDecision(latest, now),
      async (key) => {
        await this.deps.storage.delete(key);
        freed = true;
      },
    );
    // The replaced archive's space goes to whoever waited first.
    if (freed) await this.kick(row.id);
    if (retryAt) {
      const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
      throw new RetryLaterError(429, SERVER_MESSAGES.exportTooSoon, seconds, 'export_too_soon');
    }
    if (row.status !== 'pending') return toApi(row, null);
    // A restarted export's half-written file from the attempt that died goes first.
    if (row.startedAt === null) await this.removeTemp(row.id);
    await this.send(row.id, row.attempt);
    return toApi(row, await this.deps.exports.queuePosition(row));
  }

  async latest(uid: string): Promise<DataExport | null> {
    const row = await this.deps.exports.latest(uid, this.deps.now());
    if (!row) return null;
    return toApi(row, row.status === 'pending' ? await this.deps.exports.queuePosition(row) : null);
  }

  /** The archive of a ready, unexpired export of `uid`; anyone else's, or an expired one, is not found. */
  async download(uid: string, id: string): Promise<StoredStream & { fileName: string }> {
    const row = await this.deps.exports.find(id);
    const now = this.deps.now();
    if (!row || row.uid !== uid || row.status !== 'ready' || !row.storageKey || !row.expiresAt || row.expiresAt <= now || !row.readyAt) {
      throw new NotFoundError(SERVER_MESSAGES.exportUnavailable);
    }
    const stored = await this.deps.storage.getStream(row.storageKey);
    if (!stored) throw new NotFoundError(SERVER_MESSAGES.exportUnavailable);
    return { ...stored, fileName: dataExportFileName(row.readyAt) };
  }

  /**
   * The job: builds one attempt of an export. Past the disk budget it waits (a later attempt is
   * queued); a failure marks it failed (logged), so the user sees it at once and may ask again.
   */
  async build(job: DataExportJob): Promise<void> {
    const attempt = job.attempt ?? 0;
    const row = await this.deps.exports.find(job.exportId);
    if (!row || row.status !== 'pending' || row.attempt !== attempt) return;
    const used = await this.deps.exports.bytesOnDisk();
    if (used > 0 && used >= this.deps.budgetBytes) {
      const next = await this.deps.exports.nextAttempt(row.id, attempt);
      if (next !== undefined) await this.send(row.id, next, BUDGET_RECHECK_SECONDS);
      return;
    }
    if (!(await this.deps.exports.start(row.id, attempt, this.deps.now()))) return;
    await this.removeTemp(row.id);
    try {
      await this.write(row);
    } catch (error) {
      this.deps.log.error({ err: error, exportId: row.id }, 'data export failed');
      await this.deps.exports.markFailed(row.id, attempt);
    }
  }

  /** Starts afresh every export whose writer went silent (a killed server); answers how many. */
  async recover(now: Date): Promise<number> {
    const stalled = await this.deps.exports.stalled(new Date(now.getTime() - DATA_EXPORT_STALL_MS));
    for (const row of stalled) {
      const next = await this.deps.exports.nextAttempt(row.id, row.attempt);
      if (next === undefined) continue;
      await this.removeTemp(row.id);
      await this.send(row.id, next);
    }
    return stalled.length;
  }

  /** Deletes every archive of `uid` (account deletion: in the deletion itself, not at the next sweep). */
  async removeAll(uid: string): Promise<void> {
    for (const row of await this.deps.exports.ofUser(uid)) {
      if (row.storageKey) await this.deps.storage.delete(row.storageKey);
      await this.removeTemp(row.id);
    }
    // An attempt that finishes after this finds its row gone and deletes what it wrote.
    await this.deps.storage.deletePrefix(storageKey(EXPORTS_FOLDER, uid));
    await this.kick();
  }

  private send(id: string, attempt: number, delaySeconds?: number): Promise<unknown> {
    return this.deps.enqueue({ exportId: id, attempt }, [id, String(attempt)], delaySeconds);
  }

  /** Space was freed: the exports waiting for the budget (but `except`, queued just now) try again now. */
  private async kick(except?: string): Promise<void> {
    for (const row of await this.deps.exports.waiting()) {
      if (row.id === except) continue;
      const next = await this.deps.exports.nextAttempt(row.id, row.attempt);
      if (next !== undefined) await this.send(row.id, next);
    }
  }

  /** Removes what any attempt of export `id` left half-written in the work folder. */
  private async removeTemp(id: string): Promise<void> {
    const names = await fs.readdir(this.deps.workDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const name of names) {
      if (name.startsWith(tempPrefix(id))) await fs.rm(path.join(this.deps.workDir, name), { force: true });
    }
  }

  private async write(row: DataExportRow): Promise<void> {
    const { exports } = this.deps;
    const key = storageKey(EXPORTS_FOLDER, row.uid, `${row.id}.${row.attempt}.zip`);
    await fs.mkdir(this.deps.workDir, { recursive: true });
    const temp = path.join(this.deps.workDir, `${tempPrefix(row.id)}${randomUUID()}.zip`);
    const zip = new yazl.ZipFile();
    const out = createWriteStream(temp);
    let lost = false;
    // Progress: the sign of life that keeps the export ours; when it is no longer (restarted
    // after a stall, or the account deleted), this attempt stops writing.
    const heartbeat = setInterval(() => {
      exports.progress(row.id, row.attempt, this.deps.now()).then(
        (ours) => {
          if (ours) return;
          lost = true;
          out.destroy(new Error('data export taken over'));
        },
        (error: unknown) => this.deps.log.warn({ err: error, exportId: row.id }, 'data export progress not recorded'),
      );
    }, PROGRESS_EVERY_MS);
    try {
      const written = pipeline(zip.outputStream, out);
      const photos = await this.addEverything(zip, row.uid);
      zip.end();
      await written;
      if (lost) return;
      await this.deps.storage.putFile(key, temp, 'application/zip');
      const { size } = await fs.stat(temp);
      // Gone before the export says ready: nothing of it is left in the work folder then.
      await fs.rm(temp, { force: true });
      const readyAt = this.deps.now();
      const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS);
      if (!(await exports.markReady(row, key, size, readyAt, expiresAt))) {
        await this.deps.storage.delete(key);
        return;
      }
      this.deps.log.info({ exportId: row.id, size, photos }, 'data export ready');
    } finally {
      clearInterval(heartbeat);
      await fs.rm(temp, { force: true });
    }
  }

  /** Deletes expired archives and their rows, stale requests, and archives whose row is gone (a deleted account). */
  async sweep(now: Date): Promise<number> {
    let removed = 0;
    for (const row of await this.deps.exports.expired(now, new Date(now.getTime() - STALE_REQUEST_MS))) {
      if (row.storageKey) await this.deps.storage.delete(row.storageKey);
      await this.deps.exports.delete(row.id);
      removed += 1;
    }
    const known = await this.deps.exports.ids();
    for (const object of await this.deps.storage.list(EXPORTS_FOLDER)) {
      const id = path.posix.basename(object.key).split('.')[0] ?? '';
      // Written just now by a job whose row is about to say ready: not an orphan.
      if (!known.has(id) && now.getTime() - object.modifiedAt.getTime() > HOUR_MS) {
        await this.deps.storage.delete(object.key);
        removed += 1;
      }
    }
    if (removed > 0) await this.kick();
    return removed;
  }

  /** data.json, then each photo read from storage only when the archive reaches it; answers the photo count. */
  private async addEverything(zip: yazl.ZipFile, uid: string): Promise<number> {
    const { exports } = this.deps;
    const profile = await exports.profile(uid);
    if (!profile) throw new Error(`no user ${uid}`);
    const posts = await exports.posts(uid);
    const photos: Array<{ key: string; name: string }> = [];
    if (profile.avatarKey !== '') photos.push({ key: avatarKey(profile), name: 'photos/avatar.webp' });
    for (const { post } of posts) {
      if (!post.filesRemoved && post.imageKey !== '')
        photos.push({ key: poopImageKey(post.imageKey, 'display'), name: `photos/posts/${post.id}.webp` });
    }
    const data = {
      about:
        'Everything this Plop account owns, as of exportedAt. Photos are in photos/ at the largest size Plop keeps (the original upload is not kept). Dates are UTC.',
      exportedAt: this.deps.now().toISOString(),
      profile: {
        uid: profile.uid,
        email: profile.email,
        username: profile.username,
        createdAt: profile.createdAt.toISOString(),
        premium: profile.premium,
        subscriptionStatus: profile.subscriptionStatus,
        followers: profile.followers,
        followings: profile.followings,
        accumulatedPoints: profile.accumulatedPoints,
        currentPoints: profile.currentPoints,
        currentStreak: profile.currentStreak,
        longestStreak: profile.longestStreak,
        lastPoopPosted: profile.lastPoopPosted?.toISOString() ?? null,
        settings: { darkMode: profile.darkMode, alwaysView: profile.alwaysView, enableNotifications: profile.enableNotifications },
        admin: profile.admin,
      },
      posts: posts.map(({ post, health }) => ({
        id: post.id,
        createdDate: post.createdDate.toISOString(),
        modifiedDate: post.modifiedDate.toISOString(),
        type: post.type,
        title: post.title,
        description: post.description,
        status: post.status,
        private: post.private,
        showInMap: post.showInMap,
        placeName: post.placeName,
        latitude: post.latitude,
        longitude: post.longitude,
        likes: post.likes,
        comments: post.comments,
        verified: post.verified,
        photo: post.filesRemoved || post.imageKey === '' ? null : `photos/posts/${post.id}.webp`,
        healthDetails: details(health),
      })),
      diaryEntries: (await exports.diaryOnly(uid)).map((row) => ({ id: row.id, type: row.type, ...details(row) })),
      comments: await exports.comments(uid),
      likes: await exports.likes(uid),
      commentLikes: await exports.commentLikes(uid),
      follows: await exports.follows(uid),
      chatMessagesSent: await exports.sentMessages(uid),
      notifications: await exports.notifications(uid),
      supportMessages: await exports.supportMessages(uid),
    };
    zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'data.json');
    for (const photo of photos) {
      zip.addReadStreamLazy(photo.name, {}, (done) => {
        this.deps.storage.getStream(photo.key).then(
          (stored) => done(null, stored?.stream ?? Readable.from([])),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), Readable.from([])),
        );
      });
    }
    return photos.length;
  }
}

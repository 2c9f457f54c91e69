import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import { DATA_EXPORT_LINK_HOURS } from '../../core/constants';
import { dataExportDownloadPath, dataExportFileName, type DataExport } from '../../core/data-export-api';
import type { DataExportRepository, DataExportRow, HealthEntryRow } from '../repositories/data-export.repository';
import { NotFoundError } from '../errors';
import { detailsOf } from '../repositories/diary.repository';
import type { ObjectStorage, StoredStream } from '../storage/object-storage';
import { avatarKey, poopImageKey, storageKey } from '../storage/storage-keys';

const HOUR_MS = 3_600_000;
/** A request that is neither ready nor failed after this long (a job lost for good) is swept. */
const STALE_REQUEST_MS = 24 * HOUR_MS;
/** The storage folder of the archives: exports/{uid}/{id}.zip. */
const EXPORTS_FOLDER = 'exports';

export interface DataExportJob {
  exportId: string;
}

function toApi(row: DataExportRow): DataExport {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    size: row.size ?? null,
    downloadUrl: ready ? dataExportDownloadPath(row.id) : null,
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
 * deletes the file and the row.
 */
export class DataExportService {
  constructor(
    private readonly deps: {
      exports: DataExportRepository;
      storage: ObjectStorage;
      /** A local folder for the archive while it is written (streamed there, then to storage). */
      workDir: string;
      enqueue: (job: DataExportJob, id: string) => Promise<unknown>;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Asks for an export (or answers the one already on its way) and queues its job. */
  async request(uid: string): Promise<DataExport> {
    const row = await this.deps.exports.request(uid, randomUUID(), this.deps.now());
    // The job id is the export id: asked twice, it runs once.
    if (row.status === 'pending') await this.deps.enqueue({ exportId: row.id }, row.id);
    return toApi(row);
  }

  async latest(uid: string): Promise<DataExport | null> {
    const row = await this.deps.exports.latest(uid, this.deps.now());
    return row ? toApi(row) : null;
  }

  /** The archive of a ready, unexpired export of `uid`; anyone else's, or an expired one, is not found. */
  async download(uid: string, id: string): Promise<StoredStream & { fileName: string }> {
    const row = await this.deps.exports.find(id);
    const now = this.deps.now();
    if (!row || row.uid !== uid || row.status !== 'ready' || !row.storageKey || !row.expiresAt || row.expiresAt <= now || !row.readyAt) {
      throw new NotFoundError('This download is not available. Ask for a new one.');
    }
    const stored = await this.deps.storage.getStream(row.storageKey);
    if (!stored) throw new NotFoundError('This download is not available. Ask for a new one.');
    return { ...stored, fileName: dataExportFileName(row.readyAt) };
  }

  /**
   * The job: builds the archive of one export, once. A failure marks it failed (logged), so the
   * user sees it at once and may ask again, rather than waiting on retries.
   */
  async build(job: DataExportJob): Promise<void> {
    const row = await this.deps.exports.find(job.exportId);
    if (!row || row.status !== 'pending') return;
    try {
      await this.write(row);
    } catch (error) {
      this.deps.log.error({ err: error, exportId: row.id }, 'data export failed');
      await this.deps.exports.markFailed(row.id);
    }
  }

  private async write(row: DataExportRow): Promise<void> {
    const key = storageKey(EXPORTS_FOLDER, row.uid, `${row.id}.zip`);
    await fs.mkdir(this.deps.workDir, { recursive: true });
    const temp = path.join(this.deps.workDir, `export-${row.id}-${randomUUID()}.zip`);
    try {
      const zip = new yazl.ZipFile();
      const written = pipeline(zip.outputStream, createWriteStream(temp));
      const photos = await this.addEverything(zip, row.uid);
      zip.end();
      await written;
      await this.deps.storage.putFile(key, temp, 'application/zip');
      const { size } = await fs.stat(temp);
      const readyAt = this.deps.now();
      await this.deps.exports.markReady(row, key, size, readyAt, new Date(readyAt.getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS));
      this.deps.log.info({ exportId: row.id, size, photos }, 'data export ready');
    } finally {
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
      const id = path.posix.basename(object.key, '.zip');
      // Written just now by a job whose row is about to say ready: not an orphan.
      if (!known.has(id) && now.getTime() - object.modifiedAt.getTime() > HOUR_MS) {
        await this.deps.storage.delete(object.key);
        removed += 1;
      }
    }
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

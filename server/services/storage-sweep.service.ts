import { IMAGE_VARIANTS } from '../../core/poop-api';
import type { StoredFilesRepository } from '../repositories/stored-files.repository';
import type { ObjectStorage } from '../storage/object-storage';
import { avatarKey, poopImageKey, poopPrefixOf, rekeyPoopPrefix } from '../storage/storage-keys';

/**
 * A stored object no row records is removed only once it is older than this: an upload writes
 * its files first and its row just after, so a younger one may still be on its way to a row.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60_000;
/** A deleted post's files stay this long (an undo window at most), then they are removed. */
export const DELETED_POST_FILES_GRACE_MS = 10 * 60_000;
const DELETED_BATCH = 200;
const LOOKUP_BATCH = 500;

export interface SweepReport {
  staged: number;
  orphans: number;
  deletedPostFiles: number;
  moved: number;
}

/**
 * Keeps storage and rows in step: every stored file belongs to a row, and every row's files are
 * stored. Runs at start and periodically (jobs/storage-sweep.job.ts); every step is idempotent,
 * so a crash anywhere is finished by the next run.
 */
export class StorageSweepService {
  constructor(
    private readonly deps: {
      files: StoredFilesRepository;
      storage: ObjectStorage;
      orphanMinAgeMs?: number;
      /** Deletes a deleted post's dataset files (ModerationService.removeDatasetFiles). */
      datasetFiles?: { removeDatasetFiles(of: { poopId: string }): Promise<void> };
    },
  ) {}

  async sweep(now: Date): Promise<SweepReport> {
    const moved = await this.moveToUidFolders();
    const safeBefore = new Date(now.getTime() - (this.deps.orphanMinAgeMs ?? ORPHAN_MIN_AGE_MS));
    const staged = await this.deps.storage.removeStaleStaging(safeBefore);
    const deletedPostFiles = await this.removeDeletedPostFiles(new Date(now.getTime() - DELETED_POST_FILES_GRACE_MS));
    const orphans = (await this.removeOrphanPostFiles(safeBefore)) + (await this.removeOrphanAvatars(safeBefore));
    return { staged, orphans, deletedPostFiles, moved };
  }

  /** Files stored under an e-mail (before keys were by uid) move to the owner's uid folder. */
  async moveToUidFolders(): Promise<number> {
    const { files, storage } = this.deps;
    let moved = 0;
    for (const post of await files.postsOutsideUidFolder()) {
      const target = rekeyPoopPrefix(post.imageKey, post.uid);
      if (target === post.imageKey) continue;
      for (const variant of IMAGE_VARIANTS) {
        const object = await storage.get(poopImageKey(post.imageKey, variant));
        if (object) await storage.put(poopImageKey(target, variant), object.bytes, object.contentType);
      }
      await files.setPostFolder(post.id, target);
      await storage.deletePrefix(post.imageKey);
      moved++;
    }
    for (const user of await files.avatarsOutsideUidFolder()) {
      const target = avatarKey({ uid: user.uid });
      const object = await storage.get(user.avatarKey);
      if (object) await storage.put(target, object.bytes, object.contentType);
      await files.setAvatarKey(user.uid, user.avatarKey, object ? target : '');
      await storage.delete(user.avatarKey);
      moved++;
    }
    return moved;
  }

  private async removeDeletedPostFiles(before: Date): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await this.deps.files.deletedPostsWithFiles(before, DELETED_BATCH);
      for (const post of batch) {
        await this.deps.datasetFiles?.removeDatasetFiles({ poopId: post.id });
        await this.deps.storage.deletePrefix(post.imageKey);
        await this.deps.files.markFilesRemoved(post.id);
        removed++;
      }
      if (batch.length < DELETED_BATCH) return removed;
    }
  }

  private async removeOrphanPostFiles(before: Date): Promise<number> {
    const listed = (await this.deps.storage.list('poops')).filter((object) => object.modifiedAt < before);
    let removed = 0;
    for (let i = 0; i < listed.length; i += LOOKUP_BATCH) {
      const batch = listed.slice(i, i + LOOKUP_BATCH);
      const folders = [...new Set(batch.map((object) => poopPrefixOf(object.key)).filter((p): p is string => !!p))];
      const recorded = await this.deps.files.recordedPostFolders(folders);
      for (const object of batch) {
        const folder = poopPrefixOf(object.key);
        const expected = folder && IMAGE_VARIANTS.some((variant) => poopImageKey(folder, variant) === object.key);
        if (folder && expected && recorded.has(folder)) continue;
        await this.deps.storage.delete(object.key);
        removed++;
      }
    }
    return removed;
  }

  private async removeOrphanAvatars(before: Date): Promise<number> {
    const listed = (await this.deps.storage.list('users')).filter((object) => object.modifiedAt < before);
    let removed = 0;
    for (let i = 0; i < listed.length; i += LOOKUP_BATCH) {
      const batch = listed.slice(i, i + LOOKUP_BATCH);
      const recorded = await this.deps.files.recordedAvatars(batch.map((object) => object.key));
      for (const object of batch) {
        if (recorded.has(object.key)) continue;
        await this.deps.storage.delete(object.key);
        removed++;
      }
    }
    return removed;
  }
}

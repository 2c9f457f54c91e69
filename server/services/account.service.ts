import type { FastifyBaseLogger } from 'fastify';
import type { ActivityResponse } from '../../core/account-api';
import { POOP_MESSAGES } from '../../core/messages';
import { ACTIVITY_PAGE_SIZE } from '../../core/constants';
import type { IdentityProvider } from '../integrations/firebase-auth';
import { ValidationError } from '../errors';
import type { AccountRepository } from '../repositories/account.repository';
import type { ObjectStorage } from '../storage/object-storage';
import type { FeedInvalidation } from './feed-page-cache';
import { parseCursor, toPage } from './keyset-page';

/** The one-letter tag of each kind of activity row, as the repository's `key` begins. */
const ACTIVITY_TAGS = new Set(['p', 'l', 'c']);

export interface AccountServiceDeps {
  accounts: AccountRepository;
  storage: ObjectStorage;
  /** Deletes the dataset files of the user's posts (ModerationService.removeDatasetFiles). */
  datasetFiles?: { removeDatasetFiles(of: { uid: string }): Promise<void> };
  /** Deletes the user's data export archives (DataExportService.removeAll): the privacy promise, at once. */
  exportFiles?: { removeAll(uid: string): Promise<void> };
  identity: IdentityProvider;
  /** Ends the user's sessions (the in-process cache included) the moment deletion is asked for. */
  sessions: { endAllSessions(uid: string): Promise<void> };
  log: FastifyBaseLogger;
  /** Deleting the user's rows takes their posts, likes and comments out of the feed. */
  feed: FeedInvalidation;
}

/**
 * Account deletion is a durable job: the request is recorded first, then files, rows and the
 * Firebase user are removed, each step idempotent. A step that fails leaves the job in place
 * and `resumePending` (at start-up and on a timer) carries it on, so nothing is left half-done.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** Deletes the account now if every part succeeds; answers 'pending' when a retry will finish it. */
  async deleteAccount(uid: string, email: string): Promise<'deleted' | 'pending'> {
    await this.deps.accounts.enqueueDeletion(uid, email);
    await this.deps.sessions.endAllSessions(uid);
    return (await this.runDeletion(uid)) ? 'deleted' : 'pending';
  }

  /** Carries on every deletion that has not finished; answers how many finished now. */
  async resumePending(): Promise<number> {
    let finished = 0;
    for (const job of await this.deps.accounts.pendingDeletions()) {
      if (await this.runDeletion(job.uid)) finished++;
    }
    return finished;
  }

  private async runDeletion(uid: string): Promise<boolean> {
    const { accounts, storage, identity } = this.deps;
    try {
      // Exactly the files the user's rows record (every post, deleted ones included, and the
      // avatar): never a whole folder, so nothing of another account can go with them.
      for (const prefix of await accounts.imagePrefixes(uid)) await storage.deletePrefix(prefix);
      // Before the rows: their dataset_exports records say where the files went.
      await this.deps.datasetFiles?.removeDatasetFiles({ uid });
      // Before the rows too: the export rows name the archives (e-mail, health details, photos).
      await this.deps.exportFiles?.removeAll(uid);
      const avatar = await accounts.avatarKey(uid);
      if (avatar) await storage.delete(avatar);
      await this.deps.feed.invalidating(() => accounts.deleteUserRows(uid));
      await identity.deleteUser(uid);
      await accounts.finishDeletion(uid);
      return true;
    } catch (error) {
      this.deps.log.error({ err: error, uid }, 'account deletion failed; it will be retried');
      await accounts.recordDeletionFailure(uid, error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  /** The caller's posts, likes and comments, newest first, a page at a time. */
  async activity(uid: string, cursor: string | undefined): Promise<ActivityResponse> {
    const position = parseCursor(cursor);
    if (position && !ACTIVITY_TAGS.has(position.tag ?? '')) throw new ValidationError(POOP_MESSAGES.badCursor);
    const after = position && { at: position.at, key: `${position.tag}${position.id}` };
    const rows = await this.deps.accounts.activity(uid, after, ACTIVITY_PAGE_SIZE + 1);
    const page = toPage(
      rows.map((row) => ({ ...row, id: row.key.slice(1) })),
      ACTIVITY_PAGE_SIZE,
      (row) => new Date(row.at),
      (row) => row.key.slice(0, 1),
    );
    return {
      items: page.items.map((row) => ({
        kind: row.kind,
        at: new Date(row.at).toISOString(),
        poopId: row.poop_id,
        title: row.title,
        text: row.text,
      })),
      nextCursor: page.nextCursor,
    };
  }
}

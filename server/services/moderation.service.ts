import { POOP_TIMEZONE } from '../../core/constants';
import { DateTime } from 'luxon';
import { APIError } from 'openai';
import {
  OVERVIEW_DEFAULT_DAYS,
  OVERVIEW_MAX_DAYS,
  REPORT_TREND_DAYS,
  REVIEW_QUEUE_LIMIT,
  UNVERIFIED_LIST_LIMIT,
  VERIFICATION_QUEUE_LIMIT,
} from '../../core/constants';
import { POOP_MESSAGES } from '../../core/messages';
import { MODERATION_MESSAGES } from '../../core/moderation-messages';
import type {
  ModerationPoop,
  Overview,
  PoopToVerify,
  ReportSummary,
  SaveImageResult,
  VerificationQueue,
  VerifyResult,
} from '../../core/moderation-api';
import { aiSuggestedType, consensus, reviewerStage, screeningFlags, type VerificationStage } from '../../core/moderation';
import { notificationLink, notificationParams, type NotificationKind } from '../../core/notification-kinds';
import type { PoopStatus, PoopType } from '../../core/poop';
import { poopImageUrl } from '../../core/poop-api';
import { toPoopDate } from '../../core/poop-date';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { DatasetSink } from '../integrations/dataset-sink';
import type { ImageScreener } from '../integrations/ai-screening';
import type { NewNotification } from '../repositories/notification.repository';
import type { ModerationRepository, ModerationRow, StageTransaction } from '../repositories/moderation.repository';
import type { ObjectStorage } from '../storage/object-storage';
import { poopImageKey } from '../storage/storage-keys';
import type { FeedPageCache } from './feed-page-cache';
import type { SessionPrincipal } from './session.service';

/** The dashboard counts days in the spec's date zone (one clock for every admin). */
const NEW_YORK = POOP_TIMEZONE;

export interface ScreeningJob {
  poopId: string;
}
export interface DatasetExportJob {
  poopId: string;
  type: PoopType;
}

export interface ModerationServiceDeps {
  moderation: ModerationRepository;
  storage: ObjectStorage;
  /** undefined when AI screening is not configured (AI_BASE_URL, AI_MODEL). */
  screener: ImageScreener | undefined;
  sink: DatasetSink;
  reviewerEmails: string[];
  feed: Pick<FeedPageCache<string>, 'invalidating'>;
  /** Queues the screening; `key` (the post's id) makes it one job however often it is asked. */
  enqueueScreening: (job: ScreeningJob, key: readonly string[]) => Promise<boolean>;
  /** Queues the export job in the stage's transaction (`within`: its SQL runner). */
  enqueueExport: (job: DatasetExportJob, key: readonly string[], within: StageTransaction['sql']) => Promise<boolean>;
  /** Starts the job queue if needed; false when it cannot run (then stage 3 answers 503). */
  exportQueueReady: () => Promise<boolean>;
  now: () => Date;
  log: { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };
}

function toPoopToVerify(row: ModerationRow): PoopToVerify {
  return {
    id: row.id,
    image: poopImageUrl(row.id, 'display'),
    type: row.type,
    aiType: aiSuggestedType(row.aiScreening) ?? null,
    firstVerification: row.firstVerification,
    secondVerification: row.secondVerification,
    createdDate: toPoopDate(row.createdDate),
    width: row.width,
    height: row.height,
  };
}

function toModerationPoop(row: ModerationRow): ModerationPoop {
  return {
    id: row.id,
    image: poopImageUrl(row.id, 'display'),
    type: row.type,
    status: row.status,
    verified: row.verified,
    aiFlagged: row.aiFlagged,
    aiType: aiSuggestedType(row.aiScreening) ?? null,
    username: row.username,
    createdDate: toPoopDate(row.createdDate),
  };
}

/**
 * Moderation (issue 24): AI screening of new posts, the three human verification stages and
 * their consensus, moderator decisions with the author notified, the dataset export and the
 * admin figures. Every entry point checks the admin flag from the database (spec section 6).
 */
export class ModerationService {
  private skipLogged = false;

  constructor(private readonly deps: ModerationServiceDeps) {}

  get sinkKind(): DatasetSink['kind'] {
    return this.deps.sink.kind;
  }

  /** Refuses (403) anyone whose account is not an admin in the database; the routes' onRequest hook calls it too. */
  async requireAdmin(principal: SessionPrincipal): Promise<void> {
    if (principal.anonymous || !(await this.deps.moderation.isAdmin(principal.uid))) throw new ForbiddenError(MODERATION_MESSAGES.notAdmin);
  }

  private stageOf(principal: SessionPrincipal): VerificationStage | undefined {
    return reviewerStage(principal.email, this.deps.reviewerEmails);
  }

  // --- the Type Picker ---

  async queue(principal: SessionPrincipal): Promise<VerificationQueue> {
    await this.requireAdmin(principal);
    const stage = this.stageOf(principal);
    const verifiedByMe = await this.deps.moderation.verifiedBy(principal.uid);
    if (!stage) return { stage: null, poops: [], verifiedByMe };
    const rows = await this.deps.moderation.stageQueue(stage, VERIFICATION_QUEUE_LIMIT);
    return { stage, poops: rows.map(toPoopToVerify), verifiedByMe };
  }

  /** Records the caller's stage; after the third, applies the consensus and queues the dataset export. */
  async verify(principal: SessionPrincipal, id: string, type: PoopType, claimedStage?: VerificationStage): Promise<VerifyResult> {
    await this.requireAdmin(principal);
    const stage = this.stageOf(principal);
    if (!stage) throw new ForbiddenError(MODERATION_MESSAGES.noStage);
    if (claimedStage !== undefined && claimedStage !== stage) throw new ForbiddenError(MODERATION_MESSAGES.wrongStage);
    // The job is written in the stage's transaction, so the queue must be running before it opens.
    if (stage === 3 && !(await this.deps.exportQueueReady())) throw new AppError(503, 'unavailable', MODERATION_MESSAGES.queueDown);
    let datasetType: PoopType | undefined;
    const row = await this.deps.feed.invalidating(() =>
      this.deps.moderation.recordStage(id, stage, principal.uid, type, async (recorded, tx) => {
        if (stage !== 3) return;
        // Stage 3: the consensus, its type change and the export job commit with the stage, or none does.
        const result = consensus({
          chosenType: type,
          aiType: aiSuggestedType(recorded.aiScreening),
          existingType: recorded.type,
          firstVerification: recorded.firstVerification,
          secondVerification: recorded.secondVerification,
        });
        // With these weights a consensus includes the existing type, so the type rarely changes; the
        // post is still settled as a moderator's type change (verified, status by the type).
        const newType = result.newPostType;
        if (newType !== undefined) {
          const notify = newType !== recorded.type;
          await tx.changeType(newType, (r) =>
            !notify || r.uid === principal.uid ? undefined : this.notice('poop_type_changed', r, newType),
          );
        }
        await this.deps.enqueueExport({ poopId: id, type: result.datasetType }, [id], tx.sql);
        datasetType = result.datasetType;
      }),
    );
    if (!row) {
      if (!(await this.deps.moderation.findById(id))) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
      throw new ConflictError(MODERATION_MESSAGES.notWaiting);
    }
    const verifiedByMe = await this.deps.moderation.verifiedBy(principal.uid);
    return datasetType === undefined ? { stage, verifiedByMe } : { stage, verifiedByMe, datasetType };
  }

  // --- moderator decisions ---

  /**
   * The author's notice of a moderator's decision. It names no moderator: no actor is stored, so
   * the author's notification list shows neither the reviewer's name nor avatar (and deleting the
   * reviewer's account does not delete the author's notice).
   */
  private notice(kind: NotificationKind, row: ModerationRow, poopType?: string): NewNotification {
    const subject = { actorUid: '', actorName: 'A moderator', poopId: row.id, poopType };
    const now = this.deps.now();
    return {
      uid: row.uid,
      kind,
      params: notificationParams(kind, subject),
      link: notificationLink(kind, subject),
      actorUid: null,
      poopId: row.id,
      dedupeKey: `${kind}:${row.id}:${now.getTime()}`,
      createdDate: now,
    };
  }

  private async applyType(principal: SessionPrincipal, id: string, type: PoopType): Promise<ModerationRow> {
    const row = await this.deps.feed.invalidating(() =>
      this.deps.moderation.changeType(id, type, (r) => (r.uid === principal.uid ? undefined : this.notice('poop_type_changed', r, type))),
    );
    if (!row) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    return row;
  }

  /** Spec section 4: a moderator's type change (verified true; 'other' denied, else approved). */
  async changeType(principal: SessionPrincipal, id: string, type: PoopType): Promise<ModerationPoop> {
    await this.requireAdmin(principal);
    return toModerationPoop(await this.applyType(principal, id, type));
  }

  /** Approve or deny a pending or flagged post; the author is told either way. */
  async review(principal: SessionPrincipal, id: string, decision: 'approve' | 'deny'): Promise<ModerationPoop> {
    await this.requireAdmin(principal);
    const status: PoopStatus = decision === 'approve' ? 'approved' : 'denied';
    const kind: NotificationKind = decision === 'approve' ? 'poop_approved' : 'poop_denied';
    const row = await this.deps.feed.invalidating(() => this.deps.moderation.decide(id, status, (r) => this.notice(kind, r)));
    if (!row) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    return toModerationPoop(row);
  }

  /** Spec section 4: the separate 'update verified' action. */
  async markVerified(principal: SessionPrincipal, id: string): Promise<ModerationPoop> {
    await this.requireAdmin(principal);
    // The feed's posts carry `verified`.
    const row = await this.deps.feed.invalidating(() => this.deps.moderation.markVerified(id));
    if (!row) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    return toModerationPoop(row);
  }

  async unverified(principal: SessionPrincipal): Promise<ModerationPoop[]> {
    await this.requireAdmin(principal);
    return (await this.deps.moderation.unverified(UNVERIFIED_LIST_LIMIT)).map(toModerationPoop);
  }

  async reviewQueue(principal: SessionPrincipal): Promise<ModerationPoop[]> {
    await this.requireAdmin(principal);
    return (await this.deps.moderation.reviewQueue(REVIEW_QUEUE_LIMIT)).map(toModerationPoop);
  }

  // --- AI screening ---

  /** Called after a post is stored: queues its screening (never failing the post). */
  async postStored(poopId: string): Promise<void> {
    if (!this.deps.screener) {
      if (!this.skipLogged) this.deps.log.info({}, 'AI screening is not configured (AI_BASE_URL, AI_MODEL): new posts are not screened');
      this.skipLogged = true;
      return;
    }
    try {
      await this.deps.enqueueScreening({ poopId }, [poopId]);
    } catch (error) {
      this.deps.log.warn({ err: error, poopId }, 'could not queue the AI screening of a post');
    }
  }

  /**
   * The screening job: sends the post's image and stores the parsed function-call arguments as
   * its aiScreening. A non-OK answer or unparsable arguments are only logged (the post is never
   * touched); a server error or a network failure is thrown so the queue retries with back-off.
   */
  async screenPost(job: ScreeningJob): Promise<void> {
    const screener = this.deps.screener;
    if (!screener) return;
    const row = await this.deps.moderation.findById(job.poopId);
    if (!row || row.deleted || row.filesRemoved) return;
    const image = await this.deps.storage.get(poopImageKey(row.imageKey, 'display'));
    if (!image) return;
    let aiScreening: Record<string, unknown>;
    try {
      aiScreening = await screener(Buffer.from(image.bytes).toString('base64'), image.contentType);
    } catch (error) {
      const retry = !(error instanceof APIError) || error.status === undefined || error.status >= 500 || error.status === 429;
      this.deps.log.warn({ err: error, poopId: job.poopId, retry }, 'AI screening failed; the post is left as it is');
      if (retry && error instanceof APIError && error.status !== undefined) throw error;
      return;
    }
    const flagged = screeningFlags(aiScreening, row.type);
    await this.deps.moderation.setScreening(job.poopId, aiScreening, flagged);
  }

  /** Spec section 7: /requestChatGptResponseWithStructuredData for admins, with the job's code. */
  async screenImage(principal: SessionPrincipal, base64Image: string): Promise<Record<string, unknown>> {
    await this.requireAdmin(principal);
    if (!this.deps.screener) throw new AppError(503, 'internal', MODERATION_MESSAGES.aiNotConfigured);
    const match = /^data:(image\/[a-z+.-]+);base64,(.*)$/s.exec(base64Image);
    try {
      return await this.deps.screener(match ? match[2]! : base64Image, match ? match[1]! : 'image/jpeg');
    } catch (error) {
      this.deps.log.warn({ err: error }, 'AI screening failed');
      throw new AppError(502, 'internal', `AI screening failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // --- the dataset ---

  /**
   * The export job: the post's image goes to the sink under its type, once per post. A deleted
   * or private post is never exported (its author did not share it, or took it back).
   */
  async exportToDataset(job: DatasetExportJob): Promise<void> {
    if (await this.deps.moderation.findExport(job.poopId)) return;
    const row = await this.deps.moderation.findById(job.poopId);
    if (row && (row.deleted || row.private)) {
      this.deps.log.info({ poopId: job.poopId }, 'dataset export: the post is deleted or private; nothing saved');
      return;
    }
    const image = row && !row.filesRemoved ? await this.deps.storage.get(poopImageKey(row.imageKey, 'display')) : undefined;
    if (!image) {
      this.deps.log.warn({ poopId: job.poopId }, 'dataset export: the image is gone; nothing saved');
      return;
    }
    const location = await this.deps.sink.save(job.poopId, job.type, image.bytes, image.contentType);
    await this.deps.moderation.recordExport(job.poopId, job.type, this.deps.sink.kind, location);
  }

  /**
   * Deletes the dataset files of a deleted post (the storage sweep, with the post's own files) or
   * of every post of an account being deleted (before its rows go), and their records. A failure
   * throws, so the sweep or the account deletion tries again later.
   */
  async removeDatasetFiles(of: { poopId: string } | { uid: string }): Promise<void> {
    for (const saved of await this.deps.moderation.exportsOf(of)) {
      await this.deps.sink.remove(saved.location);
      await this.deps.moderation.deleteExport(saved.poopId);
    }
  }

  /** Spec section 7: {backend}/saveImageToDrive {downloadUrl, type}, for a post image of this app. */
  async saveImage(principal: SessionPrincipal, downloadUrl: string, type: PoopType): Promise<SaveImageResult> {
    await this.requireAdmin(principal);
    const match = /(?:^|\/)api\/media\/poops\/([0-9a-fA-F-]{36})\/(display|thumb)(?:[?#].*)?$/.exec(downloadUrl);
    if (!match) throw new ValidationError(MODERATION_MESSAGES.notOurImage);
    const id = match[1]!.toLowerCase();
    const row = await this.deps.moderation.findById(id);
    if (row?.private) throw new ForbiddenError(MODERATION_MESSAGES.privateNotExported);
    const image = row && !row.deleted && !row.filesRemoved ? await this.deps.storage.get(poopImageKey(row.imageKey, 'display')) : undefined;
    if (!image) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    try {
      const location = await this.deps.sink.save(id, type, image.bytes, image.contentType);
      return { sink: this.deps.sink.kind, location };
    } catch (error) {
      this.deps.log.warn({ err: error, poopId: id }, 'saving an image to the dataset failed');
      throw new AppError(502, 'internal', error instanceof Error ? error.message : String(error));
    }
  }

  // --- the dashboards and the daily report ---

  async overview(principal: SessionPrincipal, fromDay?: string, toDay?: string): Promise<Overview> {
    await this.requireAdmin(principal);
    const today = DateTime.fromJSDate(this.deps.now(), { zone: NEW_YORK }).startOf('day');
    const to = toDay ? DateTime.fromISO(toDay, { zone: NEW_YORK }) : today;
    const from = fromDay ? DateTime.fromISO(fromDay, { zone: NEW_YORK }) : to.minus({ days: OVERVIEW_DEFAULT_DAYS - 1 });
    if (!to.isValid || !from.isValid || from > to || to.diff(from, 'days').days >= OVERVIEW_MAX_DAYS) {
      throw new ValidationError(`Choose a range of at most ${OVERVIEW_MAX_DAYS} days, from before to.`);
    }
    const end = to.plus({ days: 1 });
    const figures = await this.deps.moderation.overview(from.toJSDate(), end.toJSDate());
    const users = new Map(figures.userDays.map((d) => [d.day, d.n]));
    const poops = new Map(figures.poopDays.map((d) => [d.day, d.n]));
    const byDay: Overview['byDay'] = [];
    for (let day = from; day < end; day = day.plus({ days: 1 })) {
      const key = day.toISODate();
      byDay.push({ day: key, users: users.get(key) ?? 0, poops: poops.get(key) ?? 0 });
    }
    const t = figures.totals;
    return {
      from: from.toISODate(),
      to: to.toISODate(),
      users: byDay.reduce((sum, d) => sum + d.users, 0),
      poops: byDay.reduce((sum, d) => sum + d.poops, 0),
      byDay,
      totalUsers: t.totalUsers,
      totalPoops: t.totalPoops,
      unverified: t.unverified,
      pending: t.pending,
      flagged: t.flagged,
      queues: { stage1: t.stage1, stage2: t.stage2, stage3: t.stage3 },
      premium: t.premium,
    };
  }

  /**
   * The report of `day` (undefined: the latest) with the reports of the days before it, for the
   * trend of both figures; a day without a report answers its figures as null.
   */
  async report(principal: SessionPrincipal, day?: string): Promise<ReportSummary> {
    await this.requireAdmin(principal);
    if (day !== undefined && !DateTime.fromISO(day, { zone: NEW_YORK }).isValid) throw new ValidationError('Choose a valid day.');
    const [recent, days] = await Promise.all([
      this.deps.moderation.recentReports(REPORT_TREND_DAYS, day),
      this.deps.moderation.reportDays(),
    ]);
    const chosen = day === undefined ? recent[0] : recent.find((r) => r.day === day);
    return {
      day: day ?? chosen?.day ?? null,
      totalUsersYesterday: chosen?.totalUsers ?? null,
      usersWithEmailYesterday: chosen?.usersWithEmail ?? null,
      recent: [...recent].reverse(),
      firstDay: days.first,
      lastDay: days.last,
    };
  }

  /** The previous New York day at `now`: the day the daily report describes. */
  static reportDay(now: Date): { day: string; endOfDay: Date } {
    const today = DateTime.fromJSDate(now, { zone: NEW_YORK }).startOf('day');
    return { day: today.minus({ days: 1 }).toISODate()!, endOfDay: today.toJSDate() };
  }

  /** The daily report job: writes yesterday's figures once (a second run changes nothing). */
  async writeDailyReport(day: string): Promise<boolean> {
    const start = DateTime.fromISO(day, { zone: NEW_YORK });
    return this.deps.moderation.writeReport(day, start.plus({ days: 1 }).toJSDate());
  }
}

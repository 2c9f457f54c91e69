import ngeohash from 'ngeohash';
import type { FastifyBaseLogger } from 'fastify';
import { GEOHASH_PRECISION } from '../../core/constants';
import { hiddenFromOthers, homeCell, postsByHomeCell } from '../../core/map-privacy';
import { POOP_MESSAGES } from '../../core/messages';
import { initialPoopStatus, isPublicPoop, type PoopVisibilityFields } from '../../core/poop';
import type { CreatePoopForm, Poop } from '../../core/poop-api';
import { acceptedPostTime } from '../../core/poop-date';
import { activityAt, countsForAccount, personalZone } from '../../core/personal-day';
import { streakReportNow } from '../../core/streak';
import { activityEarned, type ActivityEarned } from '../../core/post-payoff';
import { isPremium, type SubscriptionStatus } from '../../core/user';
import { AppError, ConflictError, NotFoundError, UnauthenticatedError, ValidationError } from '../errors';
import { processImage, type ProcessedImage } from '../media/image-pipeline';
import type { PoopRepository } from '../repositories/poop.repository';
import type { ObjectStorage } from '../storage/object-storage';
import { poopImageKey, poopImagePrefix } from '../storage/storage-keys';
import type { FeedInvalidation } from './feed-page-cache';
import { toApiPoop } from './poop.mapper';
import type { SessionPrincipal } from './session.service';
import { visibleText } from '../../core/visible-text';
import { randomUUID } from 'node:crypto';
import { hasHealthDetails } from '../../core/health-details';
import { parseHealthField } from './diary.service';

export interface PoopPostServiceDeps {
  poops: PoopRepository;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  /** A new public post tops the feed. */
  feed: FeedInvalidation;
  /** Moderation (issue 24): told once a new post is stored, to queue its AI screening. Never throws. */
  onStored?: (id: string) => Promise<void>;
  /** Streak habits (issue 44): told after a new post of `uid` (the reminder follows it). Never throws. */
  onActivity?: (uid: string) => Promise<void>;
  /** Achievements (issue 44): told once a new post is stored, with its author; answers the keys earned. Never throws. */
  onPosted?: (uid: string) => Promise<string[]>;
  /**
   * Runs `work` holding the named lock on every server of the database (`Database.withAdvisoryLock`),
   * so uploads of one id run one after the other wherever they arrive.
   */
  lock: <T>(name: string, work: () => Promise<T>) => Promise<T>;
}

/**
 * Someone else's post already has this id: a 409 only if the caller may see that post; one they
 * may not see answers the same 404 as everywhere else, so an id reveals nothing.
 */
function idTaken(row: PoopVisibilityFields): AppError {
  return isPublicPoop(row) ? new ConflictError(POOP_MESSAGES.poopIdTaken) : new NotFoundError(POOP_MESSAGES.poopNotFound);
}

/** A post stored (or a replay's stored post) and, for a new one, what it earned. */
export interface CreatedPost {
  created: boolean;
  poop: Poop;
  earned?: ActivityEarned;
}

/**
 * Creating a post under the client's UUID, which makes the request safe to replay from the
 * offline outbox: the same id by the same user answers the stored post; by anyone else, 409 (or 404).
 * Files are written first under their final keys, then the row (and the author's streak) in one
 * transaction; if the row cannot be written the files are removed, so a failure leaves neither.
 */
export class PoopPostService {
  constructor(private readonly deps: PoopPostServiceDeps) {}

  async create(principal: SessionPrincipal, id: string, form: CreatePoopForm, now: Date): Promise<CreatedPost> {
    // Uploads of one id (a double-submitted outbox entry, on this server or another) run one after
    // the other: two at once would write the same file keys, and the loser's cleanup would remove the winner's.
    return this.deps.lock(`plop.post:${id.toLowerCase()}`, () => this.createNow(principal, id.toLowerCase(), form, now));
  }

  private async createNow(principal: SessionPrincipal, id: string, form: CreatePoopForm, now: Date): Promise<CreatedPost> {
    const owner = { uid: principal.uid, admin: false };
    const existing = await this.deps.poops.findById(id, principal.uid);
    if (existing) {
      if (existing.uid !== principal.uid) throw idTaken(existing);
      return { created: false, poop: toApiPoop(existing, owner) };
    }
    const health = parseHealthField(form.health);
    const hasLatitude = form.latitude !== undefined;
    if (hasLatitude !== (form.longitude !== undefined)) throw new ValidationError(POOP_MESSAGES.coordinatesIncomplete);

    // An offline post is dated when it was made (its feed place and streak day), within limits.
    const madeAt = acceptedPostTime(form.createdDate === undefined ? undefined : new Date(form.createdDate), now);

    const image = await processImage(form.photo);
    const prefix = poopImagePrefix(principal, form.type, id);
    await this.writeFiles(prefix, image);

    let outcome: Awaited<ReturnType<PoopRepository['insertPost']>>;
    let earned: Omit<ActivityEarned, 'achievements'> | undefined;
    try {
      outcome = await this.deps.feed.invalidating(() =>
        this.deps.poops.insertPost(principal.uid, (author, { activities, freezesBought, geohashes, hiddenCells }) => {
          // The post's day is counted in the account's zone of now and stays so (core/personal-day.ts).
          const timeZone = author.timeZone ? personalZone(author.timeZone) : null;
          // A post dated before the account's first day is posted and earns nothing (the SQL twin: server/db/activity.ts).
          const all = countsForAccount(madeAt, timeZone, author.createdAt) ? [...activities, activityAt(madeAt, timeZone)] : activities;
          // The streak with its freezes, computed once: what is stored, paid and answered.
          const before = streakReportNow({ activities, freezesBought }, now);
          const streak = streakReportNow({ activities: all, freezesBought }, now);
          earned = activityEarned(before, streak, true);
          const geohash =
            form.latitude !== undefined && form.longitude !== undefined
              ? ngeohash.encode(form.latitude, form.longitude, GEOHASH_PRECISION)
              : '';
          // Where the author posts most is hidden from others for good (core/map-privacy.ts).
          const placeHidden = hiddenFromOthers({ hiddenCells, postsByCell: postsByHomeCell(geohashes) }, geohash);
          const cell = homeCell(geohash);
          return {
            hideCell: placeHidden && cell !== undefined && !hiddenCells.includes(cell) ? cell : undefined,
            poop: {
              id,
              uid: author.uid,
              username: author.username,
              userPhotoUrl: author.photoUrl,
              isUserPremium: isPremium({ ...author, subscriptionStatus: author.subscriptionStatus as SubscriptionStatus }),
              type: form.type,
              title: visibleText(form.title),
              description: visibleText(form.description),
              status: initialPoopStatus(form.type),
              imageKey: prefix,
              placeholder: image.placeholder,
              width: image.display.width,
              height: image.display.height,
              geohash,
              latitude: form.latitude ?? null,
              longitude: form.longitude ?? null,
              placeName: visibleText(form.placeName),
              createdDate: madeAt,
              modifiedDate: madeAt,
              timeZone,
              private: form.private,
              showInMap: form.showInMap,
              placeHidden,
            },
            streak,
            points: earned.points,
            health: health && hasHealthDetails(health) ? { id: randomUUID(), ...health } : undefined,
          };
        }),
      );
    } catch (error) {
      await this.removeFiles(prefix, error);
      throw error;
    }

    if (outcome.kind === 'no-author') {
      // The session outlived its user (account deleted meanwhile).
      await this.removeFiles(prefix);
      throw new UnauthenticatedError();
    }
    if (outcome.kind === 'exists') {
      // Another server won a race for this id; keep its files, drop ours unless they are the same keys.
      if (outcome.row.imageKey !== prefix) await this.removeFiles(prefix);
      if (outcome.row.uid !== principal.uid) throw idTaken(outcome.row);
      return { created: false, poop: toApiPoop({ ...outcome.row, likedByMe: false }, owner) };
    }
    await this.deps.onStored?.(id);
    await this.deps.onActivity?.(principal.uid);
    const achievements = (await this.deps.onPosted?.(principal.uid)) ?? [];
    const poop = toApiPoop({ ...outcome.row, likedByMe: false }, owner);
    return { created: true, poop, ...(earned ? { earned: { ...earned, achievements } } : {}) };
  }

  private async writeFiles(prefix: string, image: ProcessedImage): Promise<void> {
    try {
      await this.deps.storage.put(poopImageKey(prefix, 'display'), image.display.bytes, image.display.contentType);
      await this.deps.storage.put(poopImageKey(prefix, 'thumb'), image.thumb.bytes, image.thumb.contentType);
    } catch (error) {
      await this.removeFiles(prefix, error);
      throw error;
    }
  }

  /** Best effort: a cleanup failure is logged (with what caused the cleanup) and the caller's error wins. */
  private async removeFiles(prefix: string, cause?: unknown): Promise<void> {
    try {
      await this.deps.storage.deletePrefix(prefix);
    } catch (error) {
      this.deps.log.error({ err: error, cause, prefix }, 'could not remove the files of a failed post');
    }
  }
}

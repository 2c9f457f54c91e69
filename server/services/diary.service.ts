import type { ActivityEarned } from '../../core/post-payoff';
import { personalDay, personalZone } from '../../core/personal-day';
import { randomUUID } from 'node:crypto';
import Ajv from 'ajv';
import {
  acceptedEntryTime,
  DIARY_MESSAGES,
  EMPTY_HEALTH_DETAILS,
  HealthDetailsSchema,
  type DiaryEntry,
  type HealthDetails,
} from '../../core/diary';
import type { DiaryEntryBody } from '../../core/diary-api';
import { visibleText } from '../../core/visible-text';
import { NotFoundError, UnauthenticatedError, ValidationError } from '../errors';
import { detailsOf, type DiaryEntryRow, type DiaryRepository } from '../repositories/diary.repository';
import type { PoopRepository } from '../repositories/poop.repository';
import type { SessionPrincipal } from './session.service';

const checkDetails = new Ajv({ strict: false, allErrors: false }).compile<HealthDetails>(HealthDetailsSchema);

/**
 * The `health` field of a new post's form: the details as JSON (core/diary.ts HealthDetails).
 * Absent or empty: none. Anything else that is not valid details is refused (400), so the post
 * is not stored without what its author meant to record.
 */
export function parseHealthField(text: string | undefined): HealthDetails | undefined {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError(DIARY_MESSAGES.healthInvalid);
  }
  if (!checkDetails(value)) throw new ValidationError(DIARY_MESSAGES.healthInvalid);
  return cleanDetails(value);
}

function cleanDetails(details: HealthDetails): HealthDetails {
  return { ...details, note: visibleText(details.note) };
}

/**
 * The health diary (issue 43): the author's private details of their posts and their diary-only
 * entries. Every call acts for the signed-in author only; a post or entry of anyone else (admins
 * asking included) answers the same 404 as one that does not exist.
 */
export class DiaryService {
  constructor(
    private readonly deps: {
      diary: DiaryRepository;
      poops: PoopRepository;
      /** Told after a diary-only entry of `uid` is written or removed (issue 44: the reminder, achievements); answers the achievements earned. Never throws. */
      onActivity?: (uid: string) => Promise<string[]>;
    },
  ) {}

  private async ownPost(id: string, principal: SessionPrincipal) {
    const post = await this.deps.poops.findAccess(id);
    if (!post || post.deleted || post.uid !== principal.uid) throw new NotFoundError(DIARY_MESSAGES.notFound);
    return post;
  }

  async postDetails(id: string, principal: SessionPrincipal): Promise<HealthDetails> {
    await this.ownPost(id, principal);
    const row = await this.deps.diary.findForPost(id, principal.uid);
    return row ? detailsOf(row) : { ...EMPTY_HEALTH_DETAILS };
  }

  async setPostDetails(id: string, principal: SessionPrincipal, details: HealthDetails): Promise<HealthDetails> {
    await this.ownPost(id, principal);
    const full = await this.deps.poops.findById(id);
    if (!full) throw new NotFoundError(DIARY_MESSAGES.notFound);
    const clean = cleanDetails(details);
    await this.deps.diary.upsertForPost({ id: randomUUID(), uid: principal.uid, poopId: id, occurredAt: full.createdDate, details: clean });
    return clean;
  }

  async putEntry(
    id: string,
    principal: SessionPrincipal,
    body: DiaryEntryBody,
    now: Date,
  ): Promise<{ created: boolean; entry: DiaryEntry; earned: ActivityEarned }> {
    // Any day of the last year (issue 64: backfilling); older is refused rather than moved.
    const occurredAt = acceptedEntryTime(new Date(body.occurredAt), now);
    if (occurredAt === null) throw new ValidationError(DIARY_MESSAGES.tooOld);
    const before = await this.deps.diary.findEntry(id, principal.uid);
    const outcome = await this.deps.diary.upsertEntry({
      id,
      uid: principal.uid,
      type: body.type,
      occurredAt,
      details: cleanDetails(body.details),
      now,
    });
    if (outcome.kind === 'no-author') throw new UnauthenticatedError();
    if (outcome.kind === 'not-yours') throw new NotFoundError(DIARY_MESSAGES.notFound);
    const achievements = (await this.deps.onActivity?.(principal.uid)) ?? [];
    return { created: before === undefined, entry: entryOf(outcome.row), earned: { ...outcome.earned, achievements } };
  }

  async deleteEntry(id: string, principal: SessionPrincipal, now: Date): Promise<void> {
    await this.deps.diary.deleteEntry(id, principal.uid, now);
    await this.deps.onActivity?.(principal.uid);
  }
}

function entryOf(row: DiaryEntryRow): DiaryEntry {
  return {
    id: row.id,
    poopId: null,
    occurredAt: row.occurredAt.toISOString(),
    day: personalDay(row.occurredAt, row.timeZone),
    timeZone: personalZone(row.timeZone),
    type: (row.type ?? 'Indecise') as DiaryEntry['type'],
    title: null,
    thumbnail: null,
    details: detailsOf(row),
  };
}

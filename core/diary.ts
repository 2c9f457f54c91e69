import { Type, type Static } from 'typebox';
import { POST_TIME_MAX_AHEAD_MINUTES } from './constants';
import { PoopTypeSchema, Uuid } from './poop-api';

/**
 * The health diary (issue 43): private details its author may add to a movement, on a post or as a
 * diary-only entry (no photo). Nobody but the author ever reads them: the server keeps them in
 * their own table (migrations/0071_health_diary.sql), which only the author's own diary routes read.
 * Every field is optional: null means "not answered", never "no".
 */

/** Stool colours a diary records; the warning colours are listed first in the doctor's report. */
export const STOOL_COLOURS = ['brown', 'light brown', 'dark brown', 'yellow', 'green', 'pale', 'red', 'black'] as const;
export type StoolColour = (typeof STOOL_COLOURS)[number];
/** Red (fresh blood) and black (digested blood, or iron and bismuth) are worth a doctor's look. */
export const WARNING_COLOURS: readonly StoolColour[] = ['red', 'black'];

export const PAIN_MIN = 0;
export const PAIN_MAX = 10;
export const DIARY_NOTE_MAX_LENGTH = 500;
/** The doctor's report covers the last 14 days unless the user picks another range. */
export const DIARY_REPORT_DEFAULT_DAYS = 14;
/**
 * A diary-only entry may be dated this many days back (issue 64: people fill in the days they
 * forgot). It shows in the diary, Activity and the report; only an entry dated within
 * POST_TIME_MAX_AGE_DAYS of when it was written, and not before the account's first day, counts for
 * streaks, leagues and achievements (server/db/activity.ts `activitySql`).
 */
export const DIARY_BACKFILL_MAX_DAYS = 365;

const DAY_MS = 24 * 3_600_000;

/**
 * The time a diary-only entry is dated with at `now`: the time the client gave, a future one
 * clamped to now + POST_TIME_MAX_AHEAD_MINUTES (a clock a little ahead); null when it is more than
 * DIARY_BACKFILL_MAX_DAYS back, which the server refuses.
 */
export function acceptedEntryTime(clientTime: Date, now: Date): Date | null {
  const ms = clientTime.getTime();
  if (Number.isNaN(ms) || ms < now.getTime() - DIARY_BACKFILL_MAX_DAYS * DAY_MS) return null;
  return new Date(Math.min(ms, now.getTime() + POST_TIME_MAX_AHEAD_MINUTES * 60_000));
}

const Answer = Type.Union([Type.Boolean(), Type.Null()]);

export const HealthDetailsSchema = Type.Object(
  {
    urgency: Answer,
    straining: Answer,
    incompleteEmptying: Answer,
    pain: Type.Union([Type.Integer({ minimum: PAIN_MIN, maximum: PAIN_MAX }), Type.Null()]),
    blood: Answer,
    mucus: Answer,
    colour: Type.Union([Type.Unsafe<StoolColour>({ type: 'string', enum: [...STOOL_COLOURS] }), Type.Null()]),
    atNight: Answer,
    medicine: Answer,
    note: Type.String({ maxLength: DIARY_NOTE_MAX_LENGTH }),
  },
  { $id: 'HealthDetails', additionalProperties: false },
);
export type HealthDetails = Static<typeof HealthDetailsSchema>;

export const EMPTY_HEALTH_DETAILS: HealthDetails = {
  urgency: null,
  straining: null,
  incompleteEmptying: null,
  pain: null,
  blood: null,
  mucus: null,
  colour: null,
  atNight: null,
  medicine: null,
  note: '',
};

/** One movement in its author's diary: a post with its details, or a diary-only entry (poopId null). */
export const DiaryEntrySchema = Type.Object(
  {
    /** A post's id (with or without details), or a diary-only entry's own id. */
    id: Uuid,
    /** The post it belongs to; null for a diary-only entry. */
    poopId: Type.Union([Uuid, Type.Null()]),
    /** When it happened, UTC ISO (a post's createdDate). */
    occurredAt: Type.String(),
    /** The person's day it counts for, YYYY-MM-DD in `timeZone` (core/personal-day.ts). */
    day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    /** The IANA zone its day and time are read in: the account's when it was written (or the `tz` asked for). */
    timeZone: Type.String(),
    type: PoopTypeSchema,
    /** The post's title and thumbnail URL; null for a diary-only entry. */
    title: Type.Union([Type.String(), Type.Null()]),
    thumbnail: Type.Union([Type.String(), Type.Null()]),
    details: HealthDetailsSchema,
  },
  { $id: 'DiaryEntry' },
);
export type DiaryEntry = Static<typeof DiaryEntrySchema>;

/** What the diary's routes answer in `error.message`. */
export const DIARY_MESSAGES = {
  /** Same for a post or entry that is not the caller's and one that is not there. */
  notFound: 'Not found.',
  healthInvalid: 'The health details could not be read.',
  rangeInvalid: 'Choose a range of days, the first not after the last, a year at most.',
  tooOld: 'A diary entry can be dated at most a year back.',
} as const;

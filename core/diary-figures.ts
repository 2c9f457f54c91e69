import { DateTime } from 'luxon';
import { DIARY_REPORT_DEFAULT_DAYS, WARNING_COLOURS, type DiaryEntry, type HealthDetails } from './diary';
import { BRISTOL_SCALE, POOP_TYPES, type PoopType } from './poop';

/**
 * The figures of a health diary over a range of days (issue 43): what the Activity screen's charts
 * and the doctor's report both show, computed in one place. Pure: the entries (each with its day)
 * and the range are passed in.
 */

/** Calendar days, inclusive, as YYYY-MM-DD (the person's days, core/personal-day.ts). */
export interface DiaryRange {
  from: string;
  to: string;
}

/** A range longer than this is shown in weekly buckets rather than daily ones. */
export const DIARY_DAILY_BUCKETS_MAX_DAYS = 31;

/** The Bristol types that count as hard (1-2) and loose (6-7); 3-5 are the usual ones. */
export const HARD_TYPES: readonly PoopType[] = ['Type 1', 'Type 2'];
export const LOOSE_TYPES: readonly PoopType[] = ['Type 6', 'Type 7'];

export const WARNING_SIGNS = ['blood', 'red', 'black', 'atNight'] as const;
export type WarningSign = (typeof WARNING_SIGNS)[number];

export type TypeCounts = Record<PoopType, number>;

/** A yes/no question's answers; unanswered = null (the user left it out). */
export interface AnswerSummary {
  yes: number;
  no: number;
  unanswered: number;
}

export interface PainSummary {
  /** Entries with a pain score. */
  answered: number;
  /** Mean of the scores given, null when none was. */
  mean: number | null;
  max: number | null;
  /** Entries with a score above 0. */
  withPain: number;
}

export interface DayCount {
  date: string;
  count: number;
}

export interface BristolBucket {
  /** First and last day of the bucket (the same day for daily buckets). */
  from: string;
  to: string;
  counts: TypeCounts;
  total: number;
}

export interface WarningEntry {
  entryId: string;
  /** The day it happened (the entry's own day), and the instant (UTC ISO). */
  date: string;
  occurredAt: string;
  type: PoopType;
  signs: WarningSign[];
}

export interface DiaryFigures {
  range: DiaryRange;
  /** Days in the range. */
  days: number;
  /** Entries in the range (movements). */
  entries: number;
  daysWithEntries: number;
  /** Every day of the range with its number of movements (0 included). */
  perDay: DayCount[];
  /** Movements per day over the range's days: mean, fewest and most (0 when a day has none). */
  movementsPerDay: { mean: number; min: number; max: number };
  bristol: {
    counts: TypeCounts;
    /** Entries with a type from 1 to 7. */
    onScale: number;
    /** Share (0 to 1) of the on-scale entries of types 1-2 and 6-7; null when none is on the scale. */
    hardShare: number | null;
    looseShare: number | null;
    /** Daily buckets up to DIARY_DAILY_BUCKETS_MAX_DAYS days, weekly (from the range's first day) beyond. */
    bucket: 'day' | 'week';
    overTime: BristolBucket[];
  };
  urgency: AnswerSummary;
  straining: AnswerSummary;
  incompleteEmptying: AnswerSummary;
  mucus: AnswerSummary;
  medicine: AnswerSummary;
  pain: PainSummary;
  /** Entries with a warning sign, oldest first. */
  warnings: WarningEntry[];
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function parseDay(day: string, zone: string): DateTime {
  const parsed = DAY_PATTERN.test(day) ? DateTime.fromISO(day, { zone }) : DateTime.invalid('not a day');
  if (!parsed.isValid) throw new RangeError(`not a day: ${day}`);
  return parsed;
}

/** The range's days in order; throws when `from` is after `to`. */
export function rangeDays(range: DiaryRange): string[] {
  const first = parseDay(range.from, 'UTC');
  const last = parseDay(range.to, 'UTC');
  if (first > last) throw new RangeError(`range starts after it ends: ${range.from} > ${range.to}`);
  const days: string[] = [];
  for (let day = first; day <= last; day = day.plus({ days: 1 })) days.push(day.toISODate() ?? '');
  return days;
}

/** The last `days` days up to `today` (YYYY-MM-DD), both included: the range shown unless the user picks another. */
export function defaultDiaryRange(today: string, days: number = DIARY_REPORT_DEFAULT_DAYS): DiaryRange {
  const from = parseDay(today, 'UTC')
    .minus({ days: days - 1 })
    .toISODate();
  return { from: from ?? today, to: today };
}

/** The warning signs of one entry's details: blood, a red or black colour, at night. */
export function warningSigns(details: HealthDetails): WarningSign[] {
  const signs: WarningSign[] = [];
  if (details.blood === true) signs.push('blood');
  if (details.colour !== null && WARNING_COLOURS.includes(details.colour)) signs.push(details.colour as 'red' | 'black');
  if (details.atNight === true) signs.push('atNight');
  return signs;
}

function emptyTypeCounts(): TypeCounts {
  return Object.fromEntries(POOP_TYPES.map((type) => [type, 0])) as TypeCounts;
}

function answers(entries: readonly DiaryEntry[], pick: (details: HealthDetails) => boolean | null): AnswerSummary {
  const summary: AnswerSummary = { yes: 0, no: 0, unanswered: 0 };
  for (const entry of entries) {
    const answer = pick(entry.details);
    if (answer === null) summary.unanswered += 1;
    else if (answer) summary.yes += 1;
    else summary.no += 1;
  }
  return summary;
}

function painSummary(entries: readonly DiaryEntry[]): PainSummary {
  const scores = entries.map((entry) => entry.details.pain).filter((pain): pain is number => pain !== null);
  return {
    answered: scores.length,
    mean: scores.length === 0 ? null : scores.reduce((sum, pain) => sum + pain, 0) / scores.length,
    max: scores.length === 0 ? null : Math.max(...scores),
    withPain: scores.filter((pain) => pain > 0).length,
  };
}

/**
 * The figures of `entries` over `range` (inclusive calendar days); each entry is on its own day
 * (`entry.day`, the person's day: core/personal-day.ts). Entries outside the range are left out, so
 * the caller may pass more than the range.
 */
export function diaryFigures(entries: readonly DiaryEntry[], range: DiaryRange): DiaryFigures {
  const days = rangeDays(range);
  const perDayMap = new Map(days.map((day) => [day, 0]));
  const inRange = entries
    .map((entry) => ({ entry, day: entry.day }))
    .filter(({ day }) => perDayMap.has(day))
    .sort((a, b) => Date.parse(a.entry.occurredAt) - Date.parse(b.entry.occurredAt));
  for (const { day } of inRange) perDayMap.set(day, (perDayMap.get(day) ?? 0) + 1);
  const perDay = days.map((date) => ({ date, count: perDayMap.get(date) ?? 0 }));
  const counts = perDay.map((day) => day.count);

  const typeCounts = emptyTypeCounts();
  for (const { entry } of inRange) typeCounts[entry.type] += 1;
  const onScale = BRISTOL_SCALE.reduce((sum, type) => sum + typeCounts[type], 0);
  const share = (types: readonly PoopType[]) => (onScale === 0 ? null : types.reduce((sum, type) => sum + typeCounts[type], 0) / onScale);

  const bucket = days.length > DIARY_DAILY_BUCKETS_MAX_DAYS ? 'week' : 'day';
  const size = bucket === 'week' ? 7 : 1;
  const overTime: BristolBucket[] = [];
  const bucketOf = new Map<string, BristolBucket>();
  for (let start = 0; start < days.length; start += size) {
    const bucketDays = days.slice(start, start + size);
    const item: BristolBucket = { from: bucketDays[0] ?? '', to: bucketDays.at(-1) ?? '', counts: emptyTypeCounts(), total: 0 };
    overTime.push(item);
    for (const day of bucketDays) bucketOf.set(day, item);
  }
  for (const { entry, day } of inRange) {
    const item = bucketOf.get(day);
    if (item) {
      item.counts[entry.type] += 1;
      item.total += 1;
    }
  }

  const plain = inRange.map(({ entry }) => entry);
  const warnings: WarningEntry[] = [];
  for (const { entry, day } of inRange) {
    const signs = warningSigns(entry.details);
    if (signs.length > 0) warnings.push({ entryId: entry.id, date: day, occurredAt: entry.occurredAt, type: entry.type, signs });
  }

  return {
    range: { from: range.from, to: range.to },
    days: days.length,
    entries: inRange.length,
    daysWithEntries: counts.filter((count) => count > 0).length,
    perDay,
    movementsPerDay: {
      mean: inRange.length / days.length,
      min: Math.min(...counts),
      max: Math.max(...counts),
    },
    bristol: { counts: typeCounts, onScale, hardShare: share(HARD_TYPES), looseShare: share(LOOSE_TYPES), bucket, overTime },
    urgency: answers(plain, (details) => details.urgency),
    straining: answers(plain, (details) => details.straining),
    incompleteEmptying: answers(plain, (details) => details.incompleteEmptying),
    mucus: answers(plain, (details) => details.mucus),
    medicine: answers(plain, (details) => details.medicine),
    pain: painSummary(plain),
    warnings,
  };
}

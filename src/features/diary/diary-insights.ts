import type { DiaryFigures } from '../../../core/diary-figures';
import { POOP_TYPES, type PoopType } from '../../../core/poop';
import { dayLocale } from '../../lib/day-locale';
import { WARNING_SIGN_LABELS } from './diary-text';

/** A person's day (YYYY-MM-DD) is a calendar date: read and written in UTC, so no zone moves it. */
function dayFormat(locale: string, year: boolean): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(dayLocale(locale), {
    day: 'numeric',
    month: 'short',
    ...(year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

function dayAsDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/**
 * A person's day (YYYY-MM-DD) as every screen writes it (Activity, the doctor's report, the
 * charts), in `locale` (the active language): '23 Nov 2026', '23 nov 2026'.
 */
export function formatDiaryDay(day: string, locale = 'en'): string {
  return dayFormat(locale, true).format(dayAsDate(day));
}

/** The same day without its year, for a chart's axis: '23 Nov', '23 nov'. */
export function formatDiaryDayShort(day: string, locale = 'en'): string {
  return dayFormat(locale, false).format(dayAsDate(day));
}

/** A type as the screens name it: the spec's stored 'Indecise' reads 'Undecided'. */
export function typeName(type: PoopType): string {
  return type === 'Indecise' ? 'Undecided' : type;
}

/** One plain card at the top of the diary on Activity (issue 64). */
export interface DiaryInsight {
  id: 'days' | 'type' | 'warnings';
  title: string;
  value: string;
  detail: string;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The most common type in the period (the first in Bristol order on a tie), with its count in each half of the period. */
function commonType(figures: DiaryFigures): { type: PoopType; count: number; earlier: number; later: number } | null {
  if (figures.entries === 0) return null;
  const counts = figures.bristol.counts;
  const type = POOP_TYPES.reduce((best, candidate) => (counts[candidate] > counts[best] ? candidate : best), POOP_TYPES[0]);
  const buckets = figures.bristol.overTime;
  const half = Math.floor(buckets.length / 2);
  const sum = (part: typeof buckets) => part.reduce((total, bucket) => total + bucket.counts[type], 0);
  return { type, count: counts[type], earlier: sum(buckets.slice(0, half)), later: sum(buckets.slice(buckets.length - half)) };
}

/**
 * What the period says in three plain cards: the days logged, the most common type and whether
 * it came more or less often in the period's second half than in its first, and the warning signs.
 */
export function diaryInsights(figures: DiaryFigures): DiaryInsight[] {
  const days: DiaryInsight = {
    id: 'days',
    title: 'Days logged',
    value: `${figures.daysWithEntries} of ${figures.days} days`,
    detail:
      figures.entries === 0
        ? 'Nothing logged in this period.'
        : `${plural(figures.entries, 'movement')}, ${figures.movementsPerDay.mean.toFixed(1)} a day on average.`,
  };
  const common = commonType(figures);
  // A trend needs the type at least twice.
  const trend =
    common === null || common.count < 2
      ? ''
      : common.later > common.earlier
        ? 'more often in the second half of the period'
        : common.later < common.earlier
          ? 'less often in the second half of the period'
          : 'as often in both halves of the period';
  const type: DiaryInsight = {
    id: 'type',
    title: 'Most common type',
    value: common === null ? '–' : typeName(common.type),
    detail:
      common === null
        ? 'Nothing logged in this period.'
        : `${common.count} of ${plural(figures.entries, 'movement')}${trend === '' ? '' : `, ${trend}`}.`,
  };
  const warningDays = [...new Set(figures.warnings.map((warning) => warning.date))];
  const signs = [...new Set(figures.warnings.flatMap((warning) => warning.signs))].map((sign) => WARNING_SIGN_LABELS[sign]);
  const last = warningDays.at(-1);
  const warnings: DiaryInsight = {
    id: 'warnings',
    title: 'Warning signs',
    value: last === undefined ? 'None' : `On ${plural(warningDays.length, 'day')}`,
    detail: last === undefined ? 'No warning signs in this period.' : `${signs.join(', ')}; the last on ${formatDiaryDay(last)}.`,
  };
  return [days, type, warnings];
}

import { i18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { POOP_TYPES, type PoopType } from '../../../core/poop';

export interface StatsPost {
  /** YYYY-MM-DD (New York). */
  day: string;
  type: string;
}

/** Where a type sits on the chart's vertical axis: Type 1..7 at 1..7, Other 8, Indecise 9. */
export function typeRank(type: string): number {
  const index = (POOP_TYPES as readonly string[]).indexOf(type);
  return index === -1 ? POOP_TYPES.length : index + 1;
}

/** Every day from `since` for `days` days, as YYYY-MM-DD (calendar arithmetic in UTC, so no DST shifts). */
export function dayRange(since: string, days: number): string[] {
  const start = Date.parse(since);
  if (Number.isNaN(start)) return [];
  return Array.from({ length: days }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/** Posts per day over the range (0 for days without). */
export function postsPerDay(posts: readonly StatsPost[], since: string, days: number): Array<{ day: string; count: number }> {
  const counts = new Map<string, number>();
  for (const post of posts) counts.set(post.day, (counts.get(post.day) ?? 0) + 1);
  return dayRange(since, days).map((day) => ({ day, count: counts.get(day) ?? 0 }));
}

/** Posts per type, in the order of the nine types, types without posts left out. */
export function postsPerType(posts: readonly StatsPost[]): Array<{ type: PoopType; count: number }> {
  return POOP_TYPES.map((type) => ({ type, count: posts.filter((post) => post.type === type).length })).filter((row) => row.count > 0);
}

/** One sentence a screen reader can read for the whole period, in the reader's language. */
export function statsSummary(posts: readonly StatsPost[], days: number): string {
  if (posts.length === 0) return plural(days, { one: 'No posts in the last day.', other: 'No posts in the last # days.' });
  const activeDays = new Set(posts.map((post) => post.day)).size;
  const top = [...postsPerType(posts)].sort((a, b) => b.count - a.count)[0]?.type ?? '';
  const count = plural(posts.length, { one: '# post', other: '# posts' });
  const on = plural(activeDays, { one: `${count} on # day`, other: `${count} on # days` });
  return plural(days, { one: `${on} in the last day; most often ${top}.`, other: `${on} in the last # days; most often ${top}.` });
}

/** A month's short name in the active language ('Aug', 'ago'). */
function monthName(day: string): string {
  return new Intl.DateTimeFormat(i18n.locale, { month: 'short', timeZone: 'UTC' }).format(Date.parse(day));
}

/** A day's place in the posting calendar: a column per week (Sunday first), a row per weekday (0 = Sunday). */
export interface CalendarCell {
  day: string;
  count: number;
  week: number;
  weekday: number;
}

/**
 * The posting calendar's layout: each day in its week's column and weekday's row (so the rows
 * can be labelled Mon, Wed, Fri), and the month names over the weeks where a month begins.
 */
export function calendarLayout(perDay: ReadonlyArray<{ day: string; count: number }>): {
  cells: CalendarCell[];
  weeks: number;
  months: Array<{ week: number; label: string }>;
} {
  const first = perDay[0];
  if (first === undefined) return { cells: [], weeks: 0, months: [] };
  const offset = new Date(Date.parse(first.day)).getUTCDay();
  const cells = perDay.map(({ day, count }, i) => ({ day, count, week: Math.floor((i + offset) / 7), weekday: (i + offset) % 7 }));
  const months: Array<{ week: number; label: string }> = [];
  for (const cell of cells) {
    const monthStarts = cell === cells[0] || cell.day.endsWith('-01');
    // A month that starts late in a week is named from its first full week, so two names never touch.
    const week = cell.weekday === 0 || cell === cells[0] ? cell.week : cell.week + 1;
    if (monthStarts && months.every((m) => m.week + 2 <= week)) months.push({ week, label: monthName(cell.day) });
  }
  const weeks = (cells.at(-1)?.week ?? 0) + 1;
  return { cells, weeks, months: months.filter((m) => m.week < weeks) };
}

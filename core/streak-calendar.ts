import { POOP_TIMEZONE } from './constants';

/** One day of the streak calendar: a post, a freeze, or nothing. */
export interface StreakCalendarDay {
  /** New York day, e.g. '2026-05-12'. */
  day: string;
  state: 'posted' | 'frozen' | 'none';
}

const DAY_MS = 24 * 60 * 60 * 1000;
// en-CA writes dates as YYYY-MM-DD. Intl, not luxon: the app's bundle does not carry luxon.
const newYorkDate = new Intl.DateTimeFormat('en-CA', { timeZone: POOP_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last `count` New York days up to `now`'s, oldest first, each posted, frozen or neither (a post wins). */
export function streakCalendar(
  now: Date,
  postedDays: readonly string[],
  frozenDays: readonly string[],
  count: number,
): StreakCalendarDay[] {
  // Calendar arithmetic on the date alone (midnight UTC of that date), so no zone or DST shifts it.
  const today = Date.parse(`${newYorkDate.format(now)}T00:00:00Z`);
  const posted = new Set(postedDays);
  const frozen = new Set(frozenDays);
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10);
    return { day, state: posted.has(day) ? 'posted' : frozen.has(day) ? 'frozen' : 'none' };
  });
}

const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short' });
const longDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });

/** A calendar day's short weekday, day of month and full label: { weekday: 'Tue', date: 12, label: 'Tue, May 12' }. */
export function calendarDayLabels(day: string): { weekday: string; date: number; label: string } {
  const at = new Date(`${day}T12:00:00Z`);
  return { weekday: weekday.format(at), date: at.getUTCDate(), label: longDate.format(at) };
}

import { addDays, personalDay } from './personal-day';

/** One day of the streak calendar: a post, a freeze, or nothing. */
export interface StreakCalendarDay {
  /** The person's day (core/personal-day.ts), e.g. '2026-05-12'. */
  day: string;
  state: 'posted' | 'frozen' | 'none';
}

/**
 * The last `count` days up to `now`'s in the person's zone (`timeZone`, the account's recorded one;
 * New York when null), oldest first, each posted, frozen or neither (a post wins).
 */
export function streakCalendar(
  now: Date,
  timeZone: string | null,
  postedDays: readonly string[],
  frozenDays: readonly string[],
  count: number,
): StreakCalendarDay[] {
  const today = personalDay(now, timeZone);
  const posted = new Set(postedDays);
  const frozen = new Set(frozenDays);
  return Array.from({ length: count }, (_, i) => {
    const day = addDays(today, i - (count - 1));
    return { day, state: posted.has(day) ? 'posted' : frozen.has(day) ? 'frozen' : 'none' };
  });
}

/**
 * A calendar day's short weekday, day of month and full label in `locale` (the reader's language):
 * { weekday: 'Tue', date: 12, label: 'Tue, May 12' } in English, 'mar' and 'mar 12 mag' in Italian.
 */
export function calendarDayLabels(day: string, locale = 'en'): { weekday: string; date: number; label: string } {
  const at = new Date(`${day}T12:00:00Z`);
  const weekday = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' });
  const longDate = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
  return { weekday: weekday.format(at), date: at.getUTCDate(), label: longDate.format(at) };
}

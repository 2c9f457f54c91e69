import { DateTime, IANAZone } from 'luxon';

/**
 * The days a diary is read and reported by (issue 43): calendar days YYYY-MM-DD in the user's time
 * zone, the range inclusive. The server turns them into instants with the same rule the app uses.
 */

/** The longest range one diary read answers (a year and a day, for a leap year). */
export const DIARY_RANGE_MAX_DAYS = 366;
/** The years a range may name (issue 61): year 0 and 9999 are past what the database can turn into instants. */
export const DIARY_FIRST_YEAR = 1900;
export const DIARY_LAST_YEAR = 2200;

/** Is `zone` an IANA time zone luxon (and so Intl) knows, e.g. Europe/Paris? */
export function isTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

function day(text: string, zone: string): DateTime | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const parsed = DateTime.fromISO(text, { zone });
  if (!parsed.isValid || parsed.year < DIARY_FIRST_YEAR || parsed.year > DIARY_LAST_YEAR) return undefined;
  return parsed.startOf('day');
}

/**
 * The instants [start, end) of the days `from` to `to` (inclusive) in `zone`: from the start of the
 * first day to the start of the day after the last. Undefined when a day or the zone is not valid,
 * a day's year is outside DIARY_FIRST_YEAR..DIARY_LAST_YEAR, the range runs backwards or is longer
 * than DIARY_RANGE_MAX_DAYS.
 */
export function diaryRangeBounds(from: string, to: string, zone: string): { start: Date; end: Date } | undefined {
  if (!isTimeZone(zone)) return undefined;
  const first = day(from, zone);
  const last = day(to, zone);
  if (first === undefined || last === undefined || last < first) return undefined;
  if (last.diff(first, 'days').days + 1 > DIARY_RANGE_MAX_DAYS) return undefined;
  return { start: first.toJSDate(), end: last.plus({ days: 1 }).toJSDate() };
}

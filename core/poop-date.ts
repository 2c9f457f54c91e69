import { DateTime } from 'luxon';
import { POOP_TIMEZONE } from './constants';

/** A post's date as the spec stores it: ISO in New York local time, e.g. 2026-11-22T08:15:00.000-05:00. */
export function toPoopDate(date: Date): string {
  const iso = DateTime.fromJSDate(date, { zone: POOP_TIMEZONE }).toISO();
  if (iso === null) throw new RangeError(`not a valid date: ${String(date)}`);
  return iso;
}

import { DateTime } from 'luxon';
import { POOP_TIMEZONE, POST_TIME_MAX_AGE_DAYS, POST_TIME_MAX_AHEAD_MINUTES } from './constants';

const HOUR_MS = 3_600_000;

/** A post's date as the spec stores it: ISO in New York local time, e.g. 2026-11-22T08:15:00.000-05:00. */
export function toPoopDate(date: Date): string {
  const text = DateTime.fromJSDate(date, { zone: POOP_TIMEZONE }).toISO();
  if (text === null) throw new RangeError(`not a valid date: ${String(date)}`);
  return text;
}

/**
 * The time a new post is dated with at `now`: the time the client says it was made (an offline
 * post syncs later), clamped into [now - POST_TIME_MAX_AGE_DAYS, now + POST_TIME_MAX_AHEAD_MINUTES];
 * `now` when the client sent none.
 */
export function acceptedPostTime(clientTime: Date | undefined, now: Date): Date {
  if (clientTime === undefined || Number.isNaN(clientTime.getTime())) return now;
  const earliest = now.getTime() - POST_TIME_MAX_AGE_DAYS * 24 * HOUR_MS;
  const latest = now.getTime() + POST_TIME_MAX_AHEAD_MINUTES * 60_000;
  return new Date(Math.min(latest, Math.max(earliest, clientTime.getTime())));
}

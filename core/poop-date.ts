import { POOP_TIMEZONE, POST_TIME_MAX_AGE_DAYS, POST_TIME_MAX_AHEAD_MINUTES } from './constants';

const HOUR_MS = 3_600_000;
/** Hours whose New York offset is remembered; a feed page touches a handful. */
const OFFSET_CACHE_MAX = 4096;

/** One formatter, built once: asking Intl for the zone is the expensive part, so it runs once per UTC hour. */
const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: POOP_TIMEZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
const offsetByHour = new Map<number, number>();

/** New York's offset from UTC in minutes at `ms` (zone rules change on whole UTC hours). */
function offsetMinutes(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  const cached = offsetByHour.get(hour);
  if (cached !== undefined) return cached;
  const at = hour * HOUR_MS;
  const parts: Record<string, number> = {};
  for (const part of zoneParts.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  const offset = Math.round((wall - at) / 60_000);
  if (offsetByHour.size >= OFFSET_CACHE_MAX) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));

const DAY_MS = 24 * HOUR_MS;
/** Days whose 'YYYY-MM-DDT' is remembered; a feed page touches a handful. */
const DAY_CACHE_MAX = 4096;
const dayPrefixes = new Map<number, string>();

/** The 'YYYY-MM-DDT' of a day counted from 1970-01-01 (toISOString's form, so any year is right). */
function dayPrefix(day: number): string {
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    if (dayPrefixes.size >= DAY_CACHE_MAX) dayPrefixes.clear();
    dayPrefixes.set(day, prefix);
  }
  return prefix;
}

/**
 * A post's date as the spec stores it: ISO in New York local time, e.g. 2026-11-22T08:15:00.000-05:00.
 * Every post of every page is dated this way, so the time of day is worked out by arithmetic rather
 * than by formatting a Date (7x slower: 0.75 against 0.11 µs).
 */
export function toPoopDate(date: Date): string {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`not a valid date: ${String(date)}`);
  const offset = offsetMinutes(ms);
  const local = ms + offset * 60_000;
  const day = Math.floor(local / DAY_MS);
  let rest = local - day * DAY_MS;
  const hours = Math.floor(rest / HOUR_MS);
  rest -= hours * HOUR_MS;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const abs = Math.abs(offset);
  return `${dayPrefix(day)}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(rest - seconds * 1000)}${offset < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
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

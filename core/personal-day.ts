import { POOP_TIMEZONE } from './constants';

/**
 * A person's day (issue 60): every day a person sees about themselves (their streak, diary,
 * Activity, doctor's report, calendar, achievements) is a calendar day in their own time zone,
 * the one the app recorded for the account (the device's), New York until one is recorded.
 * Each activity keeps the zone it was written in (posts.time_zone, health_entries.time_zone), so a
 * day already counted stays put when the person travels. The SQL twin is
 * server/db/personal-day.sql.ts (`personalDaySql`); server/test/personal-day.test.ts holds them equal.
 */

/** A day of activity: when it happened and the person's calendar day it counts for. */
export interface Activity {
  at: Date;
  /** YYYY-MM-DD in the zone the activity was written in. */
  day: string;
}

// Intl, not luxon: the app's bundle does not carry luxon's zone code for this. en-CA writes YYYY-MM-DD.
const formats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(zone: string): Intl.DateTimeFormat | undefined {
  let format = formats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch (error) {
      if (error instanceof RangeError) return undefined;
      throw error;
    }
    formats.set(zone, format);
  }
  return format;
}

/** The zone a person's days are counted in: the recorded IANA zone when it is one Intl knows, else New York. */
export function personalZone(recorded: string | null | undefined): string {
  return recorded && dayFormat(recorded) !== undefined ? recorded : POOP_TIMEZONE;
}

/** The calendar day (YYYY-MM-DD) of `at` in the zone `recorded` (New York when null or unknown). */
export function personalDay(at: Date, recorded: string | null | undefined): string {
  const format = dayFormat(personalZone(recorded));
  if (format === undefined || Number.isNaN(at.getTime())) throw new RangeError(`not a valid date: ${String(at)}`);
  return format.format(at);
}

/** An activity at `at` written in the zone `recorded`. */
export function activityAt(at: Date, recorded: string | null | undefined): Activity {
  return { at, day: personalDay(at, recorded) };
}

/**
 * Whether activity at `at`, written in the zone `recorded`, counts for streaks, leagues, points and
 * achievements: its day is not before the day the account was created, in that same zone (issue 61).
 * server/db/activity.ts `notBeforeAccountSql` is its SQL twin, read by every query of activity; this
 * one judges a new post before it is stored.
 */
export function countsForAccount(at: Date, recorded: string | null | undefined, accountCreatedAt: Date): boolean {
  return personalDay(at, recorded) >= personalDay(accountCreatedAt, recorded);
}

const DAY_MS = 86_400_000;

/** The calendar day `days` after `day` (negative: before), e.g. addDays('2026-03-08', 1) = '2026-03-09'. Zone-free. */
export function addDays(day: string, days: number): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(ms)) throw new RangeError(`not a day: ${day}`);
  return new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
}

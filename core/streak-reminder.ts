import { DateTime } from 'luxon';
import {
  POOP_TIMEZONE,
  STREAK_QUIET_END_MINUTES,
  STREAK_QUIET_START_MINUTES,
  STREAK_REMINDER_AFTER_MINUTES,
  STREAK_REMINDER_SNOOZE_MINUTES,
  STREAK_WINDOW_HOURS,
} from './constants';
import { NOTIFICATION_KIND_DEFINITIONS, type NotificationParams } from './notification-kinds';

const MINUTE_MS = 60_000;

/** Quiet hours as minutes after midnight in the user's zone, [start, end); start > end wraps midnight. */
export interface QuietHours {
  start: number;
  end: number;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { start: STREAK_QUIET_START_MINUTES, end: STREAK_QUIET_END_MINUTES };

/** A usable IANA zone name (what the app records), else New York (the spec's date zone). */
export function reminderZone(timeZone: string | null | undefined): string {
  return timeZone && DateTime.now().setZone(timeZone).isValid ? timeZone : POOP_TIMEZONE;
}

function inQuiet(minutes: number, quiet: QuietHours): boolean {
  return quiet.start > quiet.end ? minutes >= quiet.start || minutes < quiet.end : minutes >= quiet.start && minutes < quiet.end;
}

/** The start of the quiet period that `at` (local) falls in. */
function quietStartBefore(at: DateTime, quiet: QuietHours): DateTime {
  const minutes = at.hour * 60 + at.minute;
  const day = quiet.start > quiet.end && minutes < quiet.end ? at.minus({ days: 1 }) : at;
  return day.set({ hour: Math.floor(quiet.start / 60), minute: quiet.start % 60, second: 0, millisecond: 0 });
}

/** When a streak whose last activity was at `lastActivity` ends without a post (or uses a freeze). */
export function streakEnd(lastActivity: Date): Date {
  return new Date(lastActivity.getTime() + STREAK_WINDOW_HOURS * 60 * MINUTE_MS);
}

/**
 * When to send the streak reminder (issue 44): STREAK_REMINDER_AFTER_MINUTES (23.5 h) after the
 * last activity; when that falls in the user's quiet hours (their IANA zone, default 22:00-08:00)
 * it moves earlier, to the start of those quiet hours, never later and never before the activity.
 */
export function streakReminderAt(lastActivity: Date, timeZone: string | null | undefined, quiet: QuietHours = DEFAULT_QUIET_HOURS): Date {
  const due = DateTime.fromJSDate(new Date(lastActivity.getTime() + STREAK_REMINDER_AFTER_MINUTES * MINUTE_MS), {
    zone: reminderZone(timeZone),
  });
  if (!inQuiet(due.hour * 60 + due.minute, quiet)) return due.toJSDate();
  const earlier = quietStartBefore(due, quiet).toJSDate();
  return earlier.getTime() > lastActivity.getTime() ? earlier : due.toJSDate();
}

/** "Snooze 1 hour" pressed at `now`: an hour later, but never after the streak's end (null: too late to remind). */
export function snoozedReminderAt(lastActivity: Date, now: Date): Date | null {
  const end = streakEnd(lastActivity).getTime();
  const at = Math.min(now.getTime() + STREAK_REMINDER_SNOOZE_MINUTES * MINUTE_MS, end - MINUTE_MS);
  return at > now.getTime() ? new Date(at) : null;
}

/** The reminder's parameters at `now`: the streak's days, the minutes left, whether a held freeze would be used. */
export function streakReminderParams(days: number, lastActivity: Date, now: Date, freezesHeld: number): NotificationParams {
  const minutesLeft = Math.max(1, Math.round((streakEnd(lastActivity).getTime() - now.getTime()) / MINUTE_MS));
  return { days, minutesLeft, usesFreeze: freezesHeld > 0 };
}

/**
 * The reminder's English text at `now`: "Your 12-day streak ends in 4 hours" (with a freeze held, that it would use one).
 * @public the tests' view of what streakReminderParams says.
 */
export function streakReminderText(days: number, lastActivity: Date, now: Date, freezesHeld: number): string {
  return NOTIFICATION_KIND_DEFINITIONS.streak_reminder.message(streakReminderParams(days, lastActivity, now, freezesHeld));
}

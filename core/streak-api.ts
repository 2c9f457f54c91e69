import { Type, type Static } from 'typebox';
import { TimeZoneName } from './api';
import { STREAK_FREEZE_MAX_HELD, STREAK_FREEZE_PRICE_POINTS } from './constants';
import { Uuid } from './poop-api';

/** Streak habits (issue 44): the signed-in user's streak, freezes and reminder setting. */

/** GET /api/streak and the answer of every streak write. */
export const StreakStatus = Type.Object({
  currentStreak: Type.Integer(),
  longestStreak: Type.Integer(),
  /** When the current streak ends without a post (freezes held counted), ISO; null without one. */
  endsAt: Type.Union([Type.String(), Type.Null()]),
  freezesHeld: Type.Integer(),
  maxFreezes: Type.Integer(),
  freezePrice: Type.Integer(),
  currentPoints: Type.Integer(),
  /** The person's days (core/personal-day.ts) a freeze kept (newest first, at most STREAK_FROZEN_DAYS_SHOWN), e.g. '2026-05-12'. */
  frozenDays: Type.Array(Type.String()),
  /** The person's days with a post or diary entry in the same period, newest first. */
  postedDays: Type.Array(Type.String()),
  reminders: Type.Boolean(),
  /** The IANA zone the app recorded (quiet hours are in it); null until recorded. */
  timeZone: Type.Union([Type.String(), Type.Null()]),
});
export type StreakStatus = Static<typeof StreakStatus>;

export const StreakFreezeParams = Type.Object({ id: Uuid });
export type StreakFreezeParams = Static<typeof StreakFreezeParams>;

/**
 * When the freeze was bought (ISO 8601): a purchase made offline counts from then, accepted
 * within the limits of a post's time (core/poop-date.ts acceptedPostTime); the server's time without it.
 */
export const StreakFreezeBody = Type.Object(
  { boughtAt: Type.Optional(Type.String({ format: 'date-time' })) },
  { additionalProperties: false },
);
export type StreakFreezeBody = Static<typeof StreakFreezeBody>;

export const StreakSettingsBody = Type.Object(
  {
    reminders: Type.Optional(Type.Boolean()),
    timeZone: Type.Optional(TimeZoneName),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type StreakSettingsBody = Static<typeof StreakSettingsBody>;

export const StreakSnoozeResponse = Type.Object({ snoozedUntil: Type.Union([Type.String(), Type.Null()]) });
export type StreakSnoozeResponse = Static<typeof StreakSnoozeResponse>;

/** How many days back the streak card lists (posted and frozen days). */
export const STREAK_DAYS_SHOWN = 14;

export const STREAK_MESSAGES = {
  notEnoughPoints: `A streak freeze costs ${STREAK_FREEZE_PRICE_POINTS} points, and you do not have enough.`,
  freezesFull: `You already hold ${STREAK_FREEZE_MAX_HELD} streak freezes, the most you can hold.`,
  timeZoneUnknown: 'That time zone is not known.',
  freezeIdTaken: 'That streak freeze id is already used.',
  bought: 'Streak freeze bought.',
  queued: 'Streak freeze saved: it is bought when you are back online.',
  // The streak card (account screen).
  heading: 'Your streak',
  loading: 'Loading your streak…',
  unavailable: 'Your streak could not be loaded. Try again when you are online.',
  calendarLabel: `The last ${STREAK_DAYS_SHOWN} days`,
  posted: 'Posted',
  frozen: 'Frozen',
  noPost: 'No post',
  freezeHeading: 'Streak freeze',
  freezeHelp: `A freeze keeps your streak on a day without a post; it is used automatically. You can hold ${STREAK_FREEZE_MAX_HELD}.`,
  held: (held: number) => `Held: ${held} of ${STREAK_FREEZE_MAX_HELD}`,
  waiting: (count: number) => `${count} waiting to be sent`,
  buy: `Buy for ${STREAK_FREEZE_PRICE_POINTS} points`,
  full: `You hold ${STREAK_FREEZE_MAX_HELD}, the most you can.`,
  short: (points: number) => `You have ${points} points; a freeze costs ${STREAK_FREEZE_PRICE_POINTS}.`,
  reminders: 'Streak reminders',
  remindersHelp: 'One notification when your streak is about to end (never at night: 22:00-08:00 your time).',
} as const;

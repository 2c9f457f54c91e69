import { DateTime } from 'luxon';
import { POOP_TIMEZONE, STREAK_FREEZE_HOURS, STREAK_WINDOW_HOURS } from './constants';
import { toPoopDate } from './poop-date';

const STREAK_WINDOW_MS = STREAK_WINDOW_HOURS * 60 * 60 * 1000;
const FREEZE_MS = STREAK_FREEZE_HOURS * 60 * 60 * 1000;

export interface StreakState {
  currentStreak: number;
  longestStreak: number;
  lastPoopPosted: Date | null;
}

/** One unbroken streak: posts each at most the window after the previous one. */
export interface StreakRun {
  /** New York calendar days with a post in the run: the streak's count. */
  days: number;
  first: Date;
  last: Date;
}

/** The New York calendar day of an instant, e.g. '2026-03-08' (the spec's date zone). */
export function newYorkDay(at: Date): string {
  return toPoopDate(at).slice(0, 10);
}

/** A freeze used: the New York day it kept (shown "Frozen") and the moment it was consumed. */
export interface FreezeUse {
  day: string;
  usedAt: Date;
}

/** What a streak is computed from: activity times (posts; diary entries too) and freezes bought. */
export interface StreakHistory {
  /** When each post (or other streak activity) was made, in any order. */
  activityTimes: readonly Date[];
  /** When each freeze was bought, in any order. */
  freezesBought?: readonly Date[];
}

/** The streaks of a history as they stand at `now`, with the freezes used and held. */
export interface StreakReport {
  runs: StreakRun[];
  /** Every freeze consumed so far (also in streaks that ended later), oldest first. */
  frozen: FreezeUse[];
  /** Freezes bought and not consumed. */
  freezesHeld: number;
  /** When the current streak ends without more activity (held freezes counted); null without one. */
  endsAt: Date | null;
}

function nextNewYorkDay(day: string): string {
  const next = DateTime.fromISO(day, { zone: POOP_TIMEZONE }).plus({ days: 1 }).toISODate();
  if (next === null) throw new RangeError(`not a day: ${day}`);
  return next;
}

/**
 * The streaks of a history at `now` (issue 44's freeze rule on top of the daily streak, spec
 * section 4 as we read it): activity at most STREAK_WINDOW_HOURS (inclusive) after the previous
 * continues the streak and the count rises at most once per New York day. When the window passes
 * without activity (strictly after it) and a freeze is held at that moment, the freeze is consumed:
 * it marks the next day after the last covered one "frozen" (frozen days do not count, they keep
 * the streak) and moves the end STREAK_FREEZE_HOURS later; without one the streak ends. A freeze
 * consumed in a gap that then broke anyway stays consumed. Everything depends only on the sets of
 * times, so an offline post that arrives late and fills a frozen day simply leaves that freeze
 * unused (given back).
 */
export function streakReport(history: StreakHistory, now: Date): StreakReport {
  const sorted = [...history.activityTimes].filter((at) => at.getTime() <= now.getTime()).sort((a, b) => a.getTime() - b.getTime());
  const bought = [...(history.freezesBought ?? [])].map((at) => at.getTime()).sort((a, b) => a - b);
  const frozen: FreezeUse[] = [];
  const heldAt = (ms: number) => bought.filter((at) => at <= ms).length - frozen.length;
  const runs: StreakRun[] = [];
  let run: StreakRun | undefined;
  let lastDay = '';
  let deadline = 0;
  let covered = '';
  /** Consumes freezes while `at` is past the deadline; answers whether the streak is still alive at `at`. */
  const bridge = (at: number): boolean => {
    while (at > deadline) {
      if (heldAt(deadline) <= 0) return false;
      covered = nextNewYorkDay(covered);
      frozen.push({ day: covered, usedAt: new Date(deadline + 1) });
      deadline += FREEZE_MS;
    }
    return true;
  };
  for (const at of sorted) {
    const day = newYorkDay(at);
    if (run && bridge(at.getTime())) {
      if (day !== lastDay) run.days += 1;
      run.last = at;
    } else {
      run = { days: 1, first: at, last: at };
      runs.push(run);
    }
    lastDay = day;
    deadline = at.getTime() + STREAK_WINDOW_MS;
    covered = day;
  }
  const alive = run !== undefined && bridge(now.getTime());
  const freezesHeld = heldAt(now.getTime());
  return {
    runs,
    frozen,
    freezesHeld,
    endsAt: alive ? new Date(deadline + freezesHeld * FREEZE_MS) : null,
  };
}

/**
 * The streaks in a user's post times, oldest first ("daily streaks", our reading of spec section
 * 4): a post at most STREAK_WINDOW_HOURS (inclusive) after the previous one continues the streak,
 * a later one starts a new streak at 1, and the count rises at most once per New York calendar
 * day, so a streak counts the days that have a post. The times may come in any order (a post
 * made offline arrives after later ones): the runs depend only on the set of times.
 * Without freezes; `streakReport` takes them into account.
 */
export function streakRuns(postTimes: readonly Date[]): StreakRun[] {
  return streakReport({ activityTimes: postTimes }, new Date(8.64e15)).runs;
}

/** The streak fields of a report (stored on the user): the current run's days (0 once ended), the longest, the last activity. */
export function streakStateOf(report: StreakReport): StreakState {
  const current = report.runs.at(-1);
  return {
    currentStreak: report.endsAt === null ? 0 : (current?.days ?? 0),
    longestStreak: report.runs.reduce((longest, r) => Math.max(longest, r.days), 0),
    lastPoopPosted: current?.last ?? null,
  };
}

/**
 * The streak fields of a user whose posts were made at `postTimes` (any order): the current
 * streak is the run of the latest post, the longest the largest run. Computed from the times,
 * never by counting arrivals, so a late post lands where it belongs.
 */
export function streakFromPostTimes(postTimes: readonly Date[]): StreakState {
  const runs = streakRuns(postTimes);
  const current = runs.at(-1);
  return {
    currentStreak: current?.days ?? 0,
    longestStreak: runs.reduce((longest, run) => Math.max(longest, run.days), 0),
    lastPoopPosted: current?.last ?? null,
  };
}

/**
 * The current streak as it reads at `now`: a streak whose last post is more than the window
 * ago has lapsed and reads 0, although the stored value only changes on the next post
 * (spec section 4: the reset happens when posting). Inclusive at exactly the window.
 */
export function readCurrentStreak(
  user: Pick<StreakState, 'currentStreak' | 'lastPoopPosted'> & { streakKeptUntil?: Date | null },
  now: Date,
): number {
  const last = user.lastPoopPosted;
  if (last === null || user.currentStreak <= 0) return 0;
  // Freezes held or used keep it alive past the window (`streakKeptUntil`, from streakReport's endsAt).
  if (user.streakKeptUntil && now.getTime() <= user.streakKeptUntil.getTime()) return user.currentStreak;
  return now.getTime() - last.getTime() <= STREAK_WINDOW_MS ? user.currentStreak : 0;
}

/** The earliest last-post instant whose streak is still alive at `now` (for queries). */
export function streakAliveSince(now: Date): Date {
  return new Date(now.getTime() - STREAK_WINDOW_MS);
}

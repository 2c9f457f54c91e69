import { STREAK_WINDOW_HOURS } from './constants';
import { toPoopDate } from './poop-date';

const STREAK_WINDOW_MS = STREAK_WINDOW_HOURS * 60 * 60 * 1000;

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

/**
 * The streaks in a user's post times, oldest first ("daily streaks", our reading of spec section
 * 4): a post at most STREAK_WINDOW_HOURS (inclusive) after the previous one continues the streak,
 * a later one starts a new streak at 1, and the count rises at most once per New York calendar
 * day, so a streak counts the days that have a post. The times may come in any order (a post
 * made offline arrives after later ones): the runs depend only on the set of times.
 */
export function streakRuns(postTimes: readonly Date[]): StreakRun[] {
  const sorted = [...postTimes].sort((a, b) => a.getTime() - b.getTime());
  const runs: StreakRun[] = [];
  let run: StreakRun | undefined;
  let lastDay = '';
  for (const at of sorted) {
    const day = newYorkDay(at);
    if (run && at.getTime() - run.last.getTime() <= STREAK_WINDOW_MS) {
      if (day !== lastDay) run.days += 1;
      run.last = at;
    } else {
      run = { days: 1, first: at, last: at };
      runs.push(run);
    }
    lastDay = day;
  }
  return runs;
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
export function readCurrentStreak(user: Pick<StreakState, 'currentStreak' | 'lastPoopPosted'>, now: Date): number {
  const last = user.lastPoopPosted;
  if (last === null || user.currentStreak <= 0) return 0;
  return now.getTime() - last.getTime() <= STREAK_WINDOW_MS ? user.currentStreak : 0;
}

/** The earliest last-post instant whose streak is still alive at `now` (for queries). */
export function streakAliveSince(now: Date): Date {
  return new Date(now.getTime() - STREAK_WINDOW_MS);
}

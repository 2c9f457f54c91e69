import { STREAK_WINDOW_HOURS } from './constants';

const STREAK_WINDOW_MS = STREAK_WINDOW_HOURS * 60 * 60 * 1000;

export interface StreakState {
  currentStreak: number;
  longestStreak: number;
  lastPoopPosted: Date | null;
}

/**
 * The user's streak after posting at `postedAt` (spec section 4, Streak): within the window
 * (inclusive) of the previous post it grows by one, otherwise it restarts at 1; the longest
 * streak follows it up. Elapsed time is measured between instants, so time zones and DST
 * changes do not matter. A previous post "in the future" (clock skew) counts as within.
 */
export function nextStreak(user: StreakState, postedAt: Date): StreakState {
  const last = user.lastPoopPosted;
  const withinWindow = last !== null && postedAt.getTime() - last.getTime() <= STREAK_WINDOW_MS;
  const currentStreak = withinWindow ? user.currentStreak + 1 : 1;
  return {
    currentStreak,
    longestStreak: Math.max(user.longestStreak, currentStreak),
    lastPoopPosted: postedAt,
  };
}

/**
 * The current streak as it reads at `now`: a streak whose last post is more than the window
 * ago has lapsed and reads 0, although the stored value only resets on the next post
 * (spec section 4: the reset happens when posting). Inclusive at exactly the window, like `nextStreak`.
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

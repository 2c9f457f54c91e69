import { STREAK_MILESTONES } from './points';
import { readCurrentStreak, type StreakState } from './streak';

type StreakFields = Pick<StreakState, 'currentStreak'> & { lastPoopPosted: string | null };

/** What a post earned, as the poster is told right after it. */
export interface PostPayoff {
  /** The streak's count after the post. */
  streak: number;
  /** The account's first post ever. */
  firstPost: boolean;
  /** The streak counted a new day (the first post of the day): the moment is celebrated. */
  newDay: boolean;
  /** The streak milestone this post reached, with its points (core/points.ts), if any. */
  milestone: { days: number; points: number } | null;
}

/**
 * The pay-off of a post, from the user record before and after it (the server's streak):
 * the count rises at most once per day (core/streak.ts), so a rise is the day's first post;
 * a lapsed streak reads 0 before, so starting again at 1 counts as a new day too.
 */
export function postPayoff(before: StreakFields, after: StreakFields, now: Date): PostPayoff {
  const was = readCurrentStreak(
    { currentStreak: before.currentStreak, lastPoopPosted: before.lastPoopPosted ? new Date(before.lastPoopPosted) : null },
    now,
  );
  const streak = after.currentStreak;
  const newDay = streak > 0 && streak !== was;
  const reached = newDay ? STREAK_MILESTONES.find(([days]) => days === streak) : undefined;
  return {
    streak,
    firstPost: before.lastPoopPosted === null && after.lastPoopPosted !== null,
    newDay,
    milestone: reached ? { days: reached[0], points: reached[1] } : null,
  };
}

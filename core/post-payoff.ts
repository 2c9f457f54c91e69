import type { ActivityEarned } from './poop-api';
import { POINTS, STREAK_MILESTONES, pointsForPost } from './points';
import { readCurrentStreak, streakStateOf, type StreakReport, type StreakState } from './streak';

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

export type { ActivityEarned };

/**
 * What a post (`post`) or a diary-only entry earned, from the author's streak reports (freezes
 * included, core/streak.ts `streakReport`) before and after it, computed once in its transaction:
 * the points are POINTS.post (posts only) plus the milestone points the streaks gained (never
 * negative: a late post that joins two streaks, or fills a frozen day, pays no milestone twice).
 */
export function activityEarned(before: StreakReport, after: StreakReport, post: boolean): Omit<ActivityEarned, 'achievements'> {
  const was = streakStateOf(before).currentStreak;
  const streak = streakStateOf(after).currentStreak;
  const bonus = pointsForPost(before.runs, after.runs) - POINTS.post;
  const reached = bonus > 0 ? STREAK_MILESTONES.filter(([days]) => was < days && streak >= days).at(-1) : undefined;
  return {
    streak,
    firstPost: post && before.runs.length === 0,
    newDay: streak > 0 && streak !== was,
    milestone: reached ? { days: reached[0], points: reached[1] } : null,
    points: (post ? POINTS.post : 0) + bonus,
  };
}

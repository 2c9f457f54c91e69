import type { StreakRun } from './streak';

/**
 * How points are earned (the spec leaves the amounts open; these are ours, and docs/architecture.md
 * repeats them). `accumulatedPoints` is lifetime, `currentPoints` the spendable balance that
 * starts at NEW_USER_CURRENT_POINTS; every change below moves both by the same amount.
 * Acting on your own content earns nothing.
 */
export const POINTS = {
  /** Publishing a post. */
  post: 10,
  /** To the author, for each like their post receives. */
  likeReceived: 1,
  /** To the author, when a like is withdrawn (it reverses `likeReceived`). */
  likeWithdrawn: -1,
} as const;

/** Extra points when a streak reaches these many days (each streak earns each once). */
export const STREAK_MILESTONES: ReadonlyArray<readonly [days: number, points: number]> = [
  [7, 50],
  [30, 200],
  [100, 1000],
];

/** The milestone points a history of streaks has earned: each streak, for each milestone it reached. */
export function streakMilestonePoints(runs: ReadonlyArray<Pick<StreakRun, 'days'>>): number {
  let points = 0;
  for (const run of runs) {
    for (const [days, bonus] of STREAK_MILESTONES) if (run.days >= days) points += bonus;
  }
  return points;
}

/**
 * Points for publishing a post: POINTS.post plus the milestones the post adds to the author's
 * streaks (`before` and `after` are core/streak.ts's runs without and with it). A post that
 * arrives late and joins two streaks into one can lower the total; points already earned are
 * never taken back, so the bonus is at least 0.
 */
export function pointsForPost(before: ReadonlyArray<Pick<StreakRun, 'days'>>, after: ReadonlyArray<Pick<StreakRun, 'days'>>): number {
  return POINTS.post + Math.max(0, streakMilestonePoints(after) - streakMilestonePoints(before));
}

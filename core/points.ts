/**
 * How points are earned (the spec leaves the amounts open; these are ours, and the README
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

/** Extra points when the current streak reaches these many days (once per reaching). */
export const STREAK_MILESTONES: ReadonlyArray<readonly [days: number, points: number]> = [
  [7, 50],
  [30, 200],
  [100, 1000],
];

/**
 * The bonus for a streak moving from `before` to `after` days: the milestones crossed on the
 * way up (a streak that restarts and climbs again earns them again).
 */
export function streakMilestoneBonus(before: number, after: number): number {
  let bonus = 0;
  for (const [days, points] of STREAK_MILESTONES) {
    if (before < days && after >= days) bonus += points;
  }
  return bonus;
}

/** Points for publishing a post that moved the streak from `before` to `after`. */
export function pointsForPost(streakBefore: number, streakAfter: number): number {
  return POINTS.post + streakMilestoneBonus(streakBefore, streakAfter);
}

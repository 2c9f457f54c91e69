import { describe, expect, it } from 'vitest';
import { POINTS, STREAK_MILESTONES, pointsForPost, streakMilestonePoints } from './points';

const runs = (...days: number[]) => days.map((count) => ({ days: count }));

describe('points table', () => {
  it('a like and its withdrawal cancel out', () => {
    expect(POINTS.likeReceived + POINTS.likeWithdrawn).toBe(0);
  });

  it('milestones are 7, 30 and 100 days for 50, 200 and 1000', () => {
    expect(STREAK_MILESTONES).toEqual([
      [7, 50],
      [30, 200],
      [100, 1000],
    ]);
  });

  it.each([
    [[6], 0],
    [[7], 50],
    [[29], 50],
    [[30], 250],
    [[100], 1250],
    [[7, 8, 1], 100],
    [[], 0],
  ])('streaks of %j days have earned %i', (days, points) => {
    expect(streakMilestonePoints(runs(...days))).toBe(points);
  });

  it('a post earns its points plus the milestones it adds', () => {
    expect(pointsForPost(runs(), runs(1))).toBe(POINTS.post);
    expect(pointsForPost(runs(6), runs(6))).toBe(POINTS.post);
    expect(pointsForPost(runs(6), runs(7))).toBe(POINTS.post + 50);
    expect(pointsForPost(runs(7), runs(7))).toBe(POINTS.post);
    // A streak that restarts and climbs again earns its milestones again.
    expect(pointsForPost(runs(9, 6), runs(9, 7))).toBe(POINTS.post + 50);
    // A late post joining 3 + 4 days into 8 days earns the 7-day milestone.
    expect(pointsForPost(runs(3, 4), runs(8))).toBe(POINTS.post + 50);
  });

  it('never takes earned milestones back (two 7-day streaks joined into one)', () => {
    expect(pointsForPost(runs(7, 7), runs(14))).toBe(POINTS.post);
  });
});

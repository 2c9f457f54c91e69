import { describe, expect, it } from 'vitest';
import { POINTS, STREAK_MILESTONES, pointsForPost, streakMilestoneBonus } from './points';

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
    [5, 6, 0],
    [6, 7, 50],
    [7, 8, 0],
    [29, 30, 200],
    [30, 31, 0],
    [99, 100, 1000],
    [100, 101, 0],
    [0, 1, 0],
    [6, 100, 1250],
    [12, 1, 0],
  ])('a streak going %i -> %i earns a bonus of %i', (before, after, bonus) => {
    expect(streakMilestoneBonus(before, after)).toBe(bonus);
  });

  it('a post earns its points plus any milestone', () => {
    expect(pointsForPost(0, 1)).toBe(POINTS.post);
    expect(pointsForPost(6, 7)).toBe(POINTS.post + 50);
  });
});

import { describe, expect, it } from 'vitest';
import { postPayoff } from './post-payoff';

const now = new Date('2026-11-27T15:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('postPayoff', () => {
  it('the first post of an account is its own moment, day 1', () => {
    expect(postPayoff({ currentStreak: 0, lastPoopPosted: null }, { currentStreak: 1, lastPoopPosted: now.toISOString() }, now)).toEqual({
      streak: 1,
      firstPost: true,
      newDay: true,
      milestone: null,
    });
  });

  it("a day's first post raises the count and is celebrated; a second post that day is not", () => {
    const first = postPayoff(
      { currentStreak: 4, lastPoopPosted: hoursAgo(20) },
      { currentStreak: 5, lastPoopPosted: now.toISOString() },
      now,
    );
    expect(first).toMatchObject({ streak: 5, firstPost: false, newDay: true, milestone: null });
    const second = postPayoff(
      { currentStreak: 5, lastPoopPosted: hoursAgo(1) },
      { currentStreak: 5, lastPoopPosted: now.toISOString() },
      now,
    );
    expect(second).toMatchObject({ streak: 5, newDay: false, milestone: null });
  });

  it('a lapsed streak starting again at 1 is a new day', () => {
    const again = postPayoff(
      { currentStreak: 1, lastPoopPosted: hoursAgo(50) },
      { currentStreak: 1, lastPoopPosted: now.toISOString() },
      now,
    );
    expect(again).toMatchObject({ streak: 1, newDay: true, firstPost: false });
  });

  it('names the milestone and its points when the count reaches 7, 30 or 100 days', () => {
    for (const [days, points] of [
      [7, 50],
      [30, 200],
      [100, 1000],
    ] as const) {
      const payoff = postPayoff(
        { currentStreak: days - 1, lastPoopPosted: hoursAgo(20) },
        { currentStreak: days, lastPoopPosted: now.toISOString() },
        now,
      );
      expect(payoff.milestone).toEqual({ days, points });
    }
    // Posting again on the milestone day does not earn it twice.
    expect(
      postPayoff({ currentStreak: 7, lastPoopPosted: hoursAgo(2) }, { currentStreak: 7, lastPoopPosted: now.toISOString() }, now).milestone,
    ).toBeNull();
  });
});

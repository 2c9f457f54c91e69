import { describe, expect, it } from 'vitest';
import { activityEarned, postPayoff } from './post-payoff';
import { streakReportNow } from './streak';

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

describe('activityEarned', () => {
  const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}`;
  const noon = (n: number) => new Date(`${day(n)}T17:00:00Z`);
  const posts = (...days: number[]) => days.map((n) => ({ at: noon(n), day: day(n) }));
  const frozenAt = new Date('2026-11-01T12:00:00Z');

  it('a 7th day reached through a freeze pays the milestone with the post', () => {
    const history = posts(1, 2, 3, 4, 5, 6);
    const before = streakReportNow({ activities: history, freezesBought: [frozenAt] }, noon(8));
    const after = streakReportNow({ activities: [...history, ...posts(8)], freezesBought: [frozenAt] }, noon(8));
    expect(activityEarned(before, after, true)).toEqual({
      streak: 7,
      firstPost: false,
      newDay: true,
      milestone: { days: 7, points: 50 },
      points: 60,
    });
  });

  it('a late post that fills the frozen day pays the post only; a diary entry pays no post points', () => {
    const history = posts(1, 2, 3, 4, 5, 6, 8);
    const before = streakReportNow({ activities: history, freezesBought: [frozenAt] }, noon(8));
    const after = streakReportNow({ activities: [...history, ...posts(7)], freezesBought: [frozenAt] }, noon(8));
    expect(after.frozen).toEqual([]);
    expect(activityEarned(before, after, true)).toMatchObject({ streak: 8, milestone: null, points: 10 });
    expect(activityEarned(before, after, false)).toMatchObject({ streak: 8, firstPost: false, points: 0 });
  });
});

import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { STREAK_WINDOW_HOURS } from './constants';
import { STREAK_FREEZE_HOURS } from './constants';
import { newYorkDay, readCurrentStreak, streakAliveSince, streakFromPostTimes, streakReport, streakRuns, streakStateOf } from './streak';

const HOUR = 60 * 60 * 1000;
const WINDOW = STREAK_WINDOW_HOURS * HOUR;
/** An instant given as New York wall time. */
const ny = (local: string) => DateTime.fromISO(local, { zone: 'America/New_York' }).toJSDate();
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

describe('newYorkDay', () => {
  it('is the calendar day in New York, not in UTC', () => {
    // 03:30 UTC on the 9th is still the 8th in New York (UTC-5).
    expect(newYorkDay(new Date('2026-11-09T03:30:00Z'))).toBe('2026-11-08');
    expect(newYorkDay(new Date('2026-11-09T05:00:00Z'))).toBe('2026-11-09');
  });
});

describe('streakFromPostTimes', () => {
  it('no post: no streak', () => {
    expect(streakFromPostTimes([])).toEqual({ currentStreak: 0, longestStreak: 0, lastPoopPosted: null });
  });

  it('a first post starts the streak at 1', () => {
    const at = ny('2026-05-10T08:00');
    expect(streakFromPostTimes([at])).toEqual({ currentStreak: 1, longestStreak: 1, lastPoopPosted: at });
  });

  it('three posts within ten minutes count one day, not three', () => {
    const at = ny('2026-05-10T08:00');
    expect(streakFromPostTimes([at, plus(at, 5 * 60_000), plus(at, 10 * 60_000)]).currentStreak).toBe(1);
  });

  it('seven posts in an hour are one day (no 7-day milestone)', () => {
    const at = ny('2026-05-10T08:00');
    const times = Array.from({ length: 7 }, (_, i) => plus(at, i * 8 * 60_000));
    expect(streakFromPostTimes(times)).toMatchObject({ currentStreak: 1, longestStreak: 1 });
  });

  it('exactly 28 h later, on the next New York day, continues the streak (inclusive)', () => {
    const last = ny('2026-05-10T08:00');
    const at = plus(last, WINDOW);
    expect(streakFromPostTimes([last, at])).toEqual({ currentStreak: 2, longestStreak: 2, lastPoopPosted: at });
  });

  it('28 h + 1 ms later restarts at 1 and keeps the longest', () => {
    const last = ny('2026-05-10T08:00');
    const at = plus(last, WINDOW + 1);
    expect(streakFromPostTimes([last, at])).toEqual({ currentStreak: 1, longestStreak: 1, lastPoopPosted: at });
    const earlier = [ny('2026-05-08T08:00'), ny('2026-05-09T08:00')];
    expect(streakFromPostTimes([...earlier, last, at])).toMatchObject({ currentStreak: 1, longestStreak: 3 });
  });

  it('rises across New York midnight, not across UTC midnight', () => {
    // 23:59 and 00:01 New York time: two days, two minutes apart.
    expect(streakFromPostTimes([ny('2026-05-10T23:59'), ny('2026-05-11T00:01')]).currentStreak).toBe(2);
    // 19:30 and 20:30 New York time (EDT) straddle UTC midnight: one New York day.
    expect(streakFromPostTimes([ny('2026-05-10T19:30'), ny('2026-05-10T20:30')]).currentStreak).toBe(1);
  });

  it('a day without a post inside the window does not break the streak, nor count', () => {
    // Monday 23:59 -> Wednesday 00:01 is 24 h 2 min: the streak goes on, with two days.
    expect(streakFromPostTimes([ny('2026-05-11T23:59'), ny('2026-05-13T00:01')]).currentStreak).toBe(2);
  });

  it('counts in days across a long run and several posts a day', () => {
    const times: Date[] = [];
    for (let day = 0; day < 10; day += 1) {
      const morning = plus(ny('2026-06-01T07:00'), day * 24 * HOUR);
      times.push(morning, plus(morning, 12 * HOUR));
    }
    expect(streakFromPostTimes(times)).toMatchObject({ currentStreak: 10, longestStreak: 10 });
  });

  it('the order of arrival does not matter: a late post lands where it was made', () => {
    const times = [ny('2026-05-10T08:00'), ny('2026-05-11T09:00'), ny('2026-05-12T07:00'), ny('2026-05-13T10:00')];
    const inOrder = streakFromPostTimes(times);
    expect(inOrder).toMatchObject({ currentStreak: 4, longestStreak: 4 });
    expect(streakFromPostTimes([times[2]!, times[0]!, times[3]!, times[1]!])).toEqual(inOrder);
    // Without the 11th the gap is 47 h: two streaks; the late post joins them.
    expect(streakFromPostTimes([times[0]!, times[2]!, times[3]!])).toMatchObject({ currentStreak: 2, longestStreak: 2 });
  });

  it('a morning post synced in the evening after an evening post still counts once for that day', () => {
    const yesterday = ny('2026-05-09T09:00');
    const morning = ny('2026-05-10T08:00');
    const evening = ny('2026-05-10T20:00');
    expect(streakFromPostTimes([yesterday, evening, morning])).toEqual({ currentStreak: 2, longestStreak: 2, lastPoopPosted: evening });
  });

  // The window is elapsed time, the count New York days: both across the DST changes.
  it.each([
    // New York springs forward on 2026-03-08: 08:00 -> next day 13:00 local is only 28 h.
    ['2026-03-07T08:00', '2026-03-08T13:00', 2],
    ['2026-03-07T08:00', '2026-03-08T13:01', 1],
    // ... and falls back on 2026-11-01: 08:00 -> next day 11:00 local is 28 h.
    ['2026-10-31T08:00', '2026-11-01T11:00', 2],
    ['2026-10-31T08:00', '2026-11-01T11:01', 1],
    // The 23-hour and 25-hour days are each one day.
    ['2026-03-08T00:00', '2026-03-08T23:59', 1],
    ['2026-11-01T00:00', '2026-11-01T23:59', 1],
  ])('in New York, from %s to %s gives %i', (from, to, expected) => {
    expect(streakFromPostTimes([ny(from), ny(to)]).currentStreak).toBe(expected);
  });

  it('the instants, not the zone they are written in, decide', () => {
    const tokyo = DateTime.fromISO('2026-06-02T12:00', { zone: 'Asia/Tokyo' }).toJSDate(); // 2026-06-01 23:00 in New York
    const rome = DateTime.fromISO('2026-06-02T06:30', { zone: 'Europe/Rome' }).toJSDate(); // 2026-06-02 00:30 in New York
    expect(streakFromPostTimes([tokyo, rome]).currentStreak).toBe(2);
  });
});

describe('streakRuns', () => {
  it('lists each streak with its days, oldest first', () => {
    const runs = streakRuns([ny('2026-05-20T08:00'), ny('2026-05-01T08:00'), ny('2026-05-02T08:00'), ny('2026-05-02T09:00')]);
    expect(runs.map((run) => run.days)).toEqual([2, 1]);
    expect(runs[0]!.first).toEqual(ny('2026-05-01T08:00'));
    expect(runs[0]!.last).toEqual(ny('2026-05-02T09:00'));
  });
});

describe('readCurrentStreak', () => {
  const last = new Date('2026-05-10T12:00:00.000Z');
  const user = { currentStreak: 6, lastPoopPosted: last };

  it('reads the stored streak up to exactly 28 h after the last post', () => {
    expect(readCurrentStreak(user, new Date(last.getTime() + WINDOW))).toBe(6);
  });

  it('reads 0 once 28 h + 1 ms have passed (lapsed, without any write)', () => {
    expect(readCurrentStreak(user, new Date(last.getTime() + WINDOW + 1))).toBe(0);
  });

  it('reads 0 without any post', () => {
    expect(readCurrentStreak({ currentStreak: 0, lastPoopPosted: null }, last)).toBe(0);
  });

  it('does not depend on the time zone the instants are written in', () => {
    const posted = DateTime.fromISO('2026-03-07T23:30', { zone: 'America/New_York' }).toJSDate();
    // Across the DST change: 28 elapsed hours, whatever the wall clocks say.
    const at = DateTime.fromISO('2026-03-09T04:30', { zone: 'Asia/Tokyo' }).toJSDate();
    expect(at.getTime() - posted.getTime()).toBeLessThanOrEqual(WINDOW);
    expect(readCurrentStreak({ currentStreak: 2, lastPoopPosted: posted }, at)).toBe(2);
  });

  it('streakAliveSince is the window before now', () => {
    expect(streakAliveSince(new Date(last.getTime() + WINDOW)).getTime()).toBe(last.getTime());
  });
});

describe('streakReport with freezes', () => {
  const FREEZE = STREAK_FREEZE_HOURS * HOUR;
  const monday = ny('2026-05-11T08:00');
  const bought = [ny('2026-05-01T08:00')];

  it('without a freeze, the window decides as before', () => {
    const report = streakReport({ activityTimes: [monday] }, plus(monday, WINDOW + 1));
    expect(report).toMatchObject({ frozen: [], freezesHeld: 0, endsAt: null });
    expect(streakStateOf(report).currentStreak).toBe(0);
  });

  it('exactly at the 28 h boundary no freeze is used; 1 ms later one is, and the day is frozen', () => {
    const atEdge = streakReport({ activityTimes: [monday], freezesBought: bought }, plus(monday, WINDOW));
    expect(atEdge).toMatchObject({ frozen: [], freezesHeld: 1 });
    expect(atEdge.endsAt).toEqual(plus(monday, WINDOW + FREEZE));
    const after = streakReport({ activityTimes: [monday], freezesBought: bought }, plus(monday, WINDOW + 1));
    expect(after.frozen).toEqual([{ day: '2026-05-12', usedAt: plus(monday, WINDOW + 1) }]);
    expect(after.freezesHeld).toBe(0);
    expect(after.endsAt).toEqual(plus(monday, WINDOW + FREEZE));
    expect(streakStateOf(after).currentStreak).toBe(1);
  });

  it('a post exactly at the boundary keeps the freeze', () => {
    const report = streakReport({ activityTimes: [monday, plus(monday, WINDOW)], freezesBought: bought }, plus(monday, WINDOW));
    expect(report).toMatchObject({ frozen: [], freezesHeld: 1 });
    expect(streakStateOf(report).currentStreak).toBe(2);
  });

  it('a frozen day keeps the streak without counting: Monday, (Tuesday frozen), Wednesday is 2', () => {
    const wednesday = ny('2026-05-13T10:00');
    const report = streakReport({ activityTimes: [monday, wednesday], freezesBought: bought }, wednesday);
    expect(report.frozen.map((f) => f.day)).toEqual(['2026-05-12']);
    expect(streakStateOf(report)).toMatchObject({ currentStreak: 2, longestStreak: 2 });
  });

  it('two missed days with one freeze: the freeze is used and the streak still ends', () => {
    const thursday = ny('2026-05-14T10:00');
    const report = streakReport({ activityTimes: [monday, thursday], freezesBought: bought }, thursday);
    expect(report.frozen.map((f) => f.day)).toEqual(['2026-05-12']);
    expect(report.freezesHeld).toBe(0);
    expect(streakStateOf(report)).toMatchObject({ currentStreak: 1, longestStreak: 1 });
  });

  it('two missed days with two freezes keep it', () => {
    const thursday = ny('2026-05-14T10:00');
    const report = streakReport({ activityTimes: [monday, thursday], freezesBought: [...bought, ...bought] }, thursday);
    expect(report.frozen.map((f) => f.day)).toEqual(['2026-05-12', '2026-05-13']);
    expect(streakStateOf(report).currentStreak).toBe(2);
  });

  it('a late offline post that fills the frozen day gives the freeze back', () => {
    const wednesday = ny('2026-05-13T10:00');
    const lateTuesday = ny('2026-05-12T09:00');
    const before = streakReport({ activityTimes: [monday, wednesday], freezesBought: bought }, wednesday);
    expect(before.freezesHeld).toBe(0);
    const after = streakReport({ activityTimes: [monday, wednesday, lateTuesday], freezesBought: bought }, wednesday);
    expect(after.frozen).toEqual([]);
    expect(after.freezesHeld).toBe(1);
    expect(streakStateOf(after).currentStreak).toBe(3);
  });

  it('a freeze bought after the streak ended does not bring it back', () => {
    const late = plus(monday, WINDOW + HOUR);
    const report = streakReport({ activityTimes: [monday], freezesBought: [late] }, plus(late, HOUR));
    expect(report).toMatchObject({ frozen: [], freezesHeld: 1, endsAt: null });
  });

  it('the end counts the freezes held', () => {
    const report = streakReport({ activityTimes: [monday], freezesBought: [...bought, ...bought] }, monday);
    expect(report.endsAt).toEqual(plus(monday, WINDOW + 2 * FREEZE));
  });

  it('readCurrentStreak keeps a streak alive until streakKeptUntil', () => {
    const kept = plus(monday, WINDOW + FREEZE);
    expect(readCurrentStreak({ currentStreak: 3, lastPoopPosted: monday, streakKeptUntil: kept }, kept)).toBe(3);
    expect(readCurrentStreak({ currentStreak: 3, lastPoopPosted: monday, streakKeptUntil: kept }, plus(kept, 1))).toBe(0);
  });
});

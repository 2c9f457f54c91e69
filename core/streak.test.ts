import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { POOP_TIMEZONE, STREAK_FREEZE_HOURS, STREAK_WINDOW_HOURS } from './constants';
import { activityAt } from './personal-day';
import { readCurrentStreak, streakAliveSince, streakFromActivity, streakReport, streakRuns, streakStateOf } from './streak';

const HOUR = 60 * 60 * 1000;
const WINDOW = STREAK_WINDOW_HOURS * HOUR;
/** An instant given as New York wall time. */
const ny = (local: string) => DateTime.fromISO(local, { zone: POOP_TIMEZONE }).toJSDate();
/** Activity written in New York (the zone before one is recorded). */
const inNy = (times: readonly Date[]) => times.map((at) => activityAt(at, null));
const streakFromPostTimes = (times: readonly Date[]) => streakFromActivity(inNy(times));
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

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

describe("a person's own day (issue 60)", () => {
  const rome = (local: string) => activityAt(DateTime.fromISO(local, { zone: 'Europe/Rome' }).toJSDate(), 'Europe/Rome');
  const la = (local: string) => activityAt(DateTime.fromISO(local, { zone: 'America/Los_Angeles' }).toJSDate(), 'America/Los_Angeles');

  it('00:30 in Rome (23:30 UTC the day before) counts for that Rome day', () => {
    // Monday 23:00 and Tuesday 00:30 in Rome: two Rome days (one New York day, Monday).
    expect(streakFromActivity([rome('2026-06-01T23:00'), rome('2026-06-02T00:30')]).currentStreak).toBe(2);
  });

  it('posting at 22:00 in Los Angeles every day keeps a daily streak of one a day', () => {
    // 22:00 in Los Angeles is 01:00 the next day in New York and 05:00 in UTC.
    const days = ['2026-06-01T22:00', '2026-06-02T22:00', '2026-06-03T22:00', '2026-06-04T22:00'].map(la);
    expect(streakFromActivity(days)).toMatchObject({ currentStreak: 4, longestStreak: 4 });
    // Twice on one Los Angeles evening, 21:00 and 22:00 (the second is the next New York day): one day.
    expect(streakFromActivity([la('2026-06-01T20:30'), la('2026-06-01T22:00')]).currentStreak).toBe(1);
  });

  it.each([
    // Rome springs forward on 2026-03-29 (a 23-hour day) and falls back on 2026-10-25 (25 hours).
    // 19:00 on the 28th to 00:00 on the 30th is 29 h on the wall clock but 28 h elapsed: it continues.
    ['2026-03-28T19:00', '2026-03-30T00:00', 2],
    ['2026-03-28T19:00', '2026-03-30T00:01', 1],
    ['2026-03-29T00:30', '2026-03-29T23:30', 1],
    ['2026-10-24T23:30', '2026-10-25T00:30', 2],
    ['2026-10-25T00:30', '2026-10-25T23:30', 1],
  ])('in Rome across a DST change, %s then %s counts %i day(s)', (from, to, expected) => {
    expect(streakFromActivity([rome(from), rome(to)]).currentStreak).toBe(expected);
  });

  it('a day already counted, come back to after travelling west, is not counted again', () => {
    // Tuesday 00:30 in Rome, then two hours later Monday 17:30 in Los Angeles (Monday was counted).
    const monday = rome('2026-06-01T12:00');
    const tuesday = rome('2026-06-02T00:30');
    const backOnMonday = la('2026-06-01T17:30');
    expect(backOnMonday.day).toBe('2026-06-01');
    expect(streakFromActivity([monday, tuesday, backOnMonday]).currentStreak).toBe(2);
  });
});

describe('streakRuns', () => {
  it('lists each streak with its days, oldest first', () => {
    const runs = streakRuns(inNy([ny('2026-05-20T08:00'), ny('2026-05-01T08:00'), ny('2026-05-02T08:00'), ny('2026-05-02T09:00')]));
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
    const posted = DateTime.fromISO('2026-03-07T23:30', { zone: POOP_TIMEZONE }).toJSDate();
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
    const report = streakReport({ activities: inNy([monday]) }, plus(monday, WINDOW + 1));
    expect(report).toMatchObject({ frozen: [], freezesHeld: 0, endsAt: null });
    expect(streakStateOf(report).currentStreak).toBe(0);
  });

  it('exactly at the 28 h boundary no freeze is used; 1 ms later one is, and the day is frozen', () => {
    const atEdge = streakReport({ activities: inNy([monday]), freezesBought: bought }, plus(monday, WINDOW));
    expect(atEdge).toMatchObject({ frozen: [], freezesHeld: 1 });
    expect(atEdge.endsAt).toEqual(plus(monday, WINDOW + FREEZE));
    const after = streakReport({ activities: inNy([monday]), freezesBought: bought }, plus(monday, WINDOW + 1));
    expect(after.frozen).toEqual([{ day: '2026-05-12', usedAt: plus(monday, WINDOW + 1) }]);
    expect(after.freezesHeld).toBe(0);
    expect(after.endsAt).toEqual(plus(monday, WINDOW + FREEZE));
    expect(streakStateOf(after).currentStreak).toBe(1);
  });

  it('a post exactly at the boundary keeps the freeze', () => {
    const report = streakReport({ activities: inNy([monday, plus(monday, WINDOW)]), freezesBought: bought }, plus(monday, WINDOW));
    expect(report).toMatchObject({ frozen: [], freezesHeld: 1 });
    expect(streakStateOf(report).currentStreak).toBe(2);
  });

  it('a frozen day keeps the streak without counting: Monday, (Tuesday frozen), Wednesday is 2', () => {
    const wednesday = ny('2026-05-13T10:00');
    const report = streakReport({ activities: inNy([monday, wednesday]), freezesBought: bought }, wednesday);
    expect(report.frozen.map((f) => f.day)).toEqual(['2026-05-12']);
    expect(streakStateOf(report)).toMatchObject({ currentStreak: 2, longestStreak: 2 });
  });

  it('two missed days with one freeze: the freeze is used and the streak still ends', () => {
    const thursday = ny('2026-05-14T10:00');
    const report = streakReport({ activities: inNy([monday, thursday]), freezesBought: bought }, thursday);
    expect(report.frozen.map((f) => f.day)).toEqual(['2026-05-12']);
    expect(report.freezesHeld).toBe(0);
    expect(streakStateOf(report)).toMatchObject({ currentStreak: 1, longestStreak: 1 });
  });

  it('two missed days with two freezes keep it', () => {
    const thursday = ny('2026-05-14T10:00');
    const report = streakReport({ activities: inNy([monday, thursday]), freezesBought: [...bought, ...bought] }, thursday);
    expect(report.frozen.map((f) => f.day)).toEqual(['2026-05-12', '2026-05-13']);
    expect(streakStateOf(report).currentStreak).toBe(2);
  });

  it('a late offline post that fills the frozen day gives the freeze back', () => {
    const wednesday = ny('2026-05-13T10:00');
    const lateTuesday = ny('2026-05-12T09:00');
    const before = streakReport({ activities: inNy([monday, wednesday]), freezesBought: bought }, wednesday);
    expect(before.freezesHeld).toBe(0);
    const after = streakReport({ activities: inNy([monday, wednesday, lateTuesday]), freezesBought: bought }, wednesday);
    expect(after.frozen).toEqual([]);
    expect(after.freezesHeld).toBe(1);
    expect(streakStateOf(after).currentStreak).toBe(3);
  });

  it('a freeze bought after the streak ended does not bring it back', () => {
    const late = plus(monday, WINDOW + HOUR);
    const report = streakReport({ activities: inNy([monday]), freezesBought: [late] }, plus(late, HOUR));
    expect(report).toMatchObject({ frozen: [], freezesHeld: 1, endsAt: null });
  });

  it('the end counts the freezes held', () => {
    const report = streakReport({ activities: inNy([monday]), freezesBought: [...bought, ...bought] }, monday);
    expect(report.endsAt).toEqual(plus(monday, WINDOW + 2 * FREEZE));
  });

  it('readCurrentStreak keeps a streak alive until streakKeptUntil', () => {
    const kept = plus(monday, WINDOW + FREEZE);
    expect(readCurrentStreak({ currentStreak: 3, lastPoopPosted: monday, streakKeptUntil: kept }, kept)).toBe(3);
    expect(readCurrentStreak({ currentStreak: 3, lastPoopPosted: monday, streakKeptUntil: kept }, plus(kept, 1))).toBe(0);
  });
});

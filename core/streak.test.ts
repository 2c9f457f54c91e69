import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { STREAK_WINDOW_HOURS } from './constants';
import { nextStreak, readCurrentStreak, streakAliveSince } from './streak';

const HOUR = 60 * 60 * 1000;
const WINDOW = STREAK_WINDOW_HOURS * HOUR;

describe('nextStreak', () => {
  const last = new Date('2026-05-10T12:00:00.000Z');
  const user = { currentStreak: 3, longestStreak: 5, lastPoopPosted: last };

  it('a first post starts the streak at 1', () => {
    const next = nextStreak({ currentStreak: 0, longestStreak: 0, lastPoopPosted: null }, last);
    expect(next).toEqual({ currentStreak: 1, longestStreak: 1, lastPoopPosted: last });
  });

  it('exactly 28 h later still counts (inclusive)', () => {
    const at = new Date(last.getTime() + WINDOW);
    expect(nextStreak(user, at)).toEqual({ currentStreak: 4, longestStreak: 5, lastPoopPosted: at });
  });

  it('28 h + 1 ms later restarts at 1 and keeps the longest', () => {
    const at = new Date(last.getTime() + WINDOW + 1);
    expect(nextStreak(user, at)).toEqual({ currentStreak: 1, longestStreak: 5, lastPoopPosted: at });
  });

  it('the longest streak follows the current one when it catches up (greater or equal)', () => {
    const at = new Date(last.getTime() + HOUR);
    expect(nextStreak({ ...user, currentStreak: 5 }, at).longestStreak).toBe(6);
    expect(nextStreak({ ...user, currentStreak: 4 }, at).longestStreak).toBe(5);
  });

  it('two posts within minutes both count, as the spec says "at most 28 hours"', () => {
    const at = new Date(last.getTime() + 60_000);
    expect(nextStreak(user, at).currentStreak).toBe(4);
  });

  it('a previous post after postedAt (clock skew) counts as within the window', () => {
    expect(nextStreak(user, new Date(last.getTime() - HOUR)).currentStreak).toBe(4);
  });

  // Elapsed time is absolute, so a wall clock that jumps (DST) changes nothing.
  it.each([
    // New York springs forward on 2026-03-08: 08:00 -> next day 13:00 local is only 28 h.
    ['America/New_York', '2026-03-07T08:00', '2026-03-08T13:00', 4],
    ['America/New_York', '2026-03-07T08:00', '2026-03-08T13:01', 1],
    // ... and falls back on 2026-11-01: 08:00 -> next day 11:00 local is 28 h.
    ['America/New_York', '2026-10-31T08:00', '2026-11-01T11:00', 4],
    ['America/New_York', '2026-10-31T08:00', '2026-11-01T11:01', 1],
    ['Europe/Rome', '2026-03-28T22:00', '2026-03-30T03:00', 4],
    ['Europe/Rome', '2026-03-28T22:00', '2026-03-30T03:01', 1],
    ['Asia/Kolkata', '2026-06-01T23:30', '2026-06-03T03:30', 4],
    ['Pacific/Auckland', '2026-04-04T12:00', '2026-04-05T15:00', 4],
    ['Pacific/Auckland', '2026-04-04T12:00', '2026-04-05T15:01', 1],
  ])('in %s, from %s to %s local gives %i', (zone, from, to, expected) => {
    const at = (local: string) => DateTime.fromISO(local, { zone }).toJSDate();
    const next = nextStreak({ currentStreak: 3, longestStreak: 3, lastPoopPosted: at(from) }, at(to));
    expect(next.currentStreak).toBe(expected);
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

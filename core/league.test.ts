import { describe, expect, it } from 'vitest';
import {
  LEAGUE_CODE_ALPHABET,
  LEAGUE_CODE_LENGTH,
  leagueCodeFrom,
  leagueJoinPath,
  leagueWeekNamed,
  leagueWeekOf,
  leagueWinners,
  previousLeagueWeek,
  rankLeague,
} from './league';

const member = (username: string, daysLogged: number, currentStreak = 0) => ({ uid: `u-${username}`, username, daysLogged, currentStreak });

describe('league weeks (Monday 00:00 to Sunday 24:00, New York time)', () => {
  it('starts on Monday midnight in New York, whatever the UTC date', () => {
    // Monday 2026-11-23 00:00 in New York is 05:00 UTC (EST).
    const week = leagueWeekOf(new Date('2026-11-23T05:00:00Z'));
    expect(week.week).toBe('2026-11-23');
    expect(week.start.toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-30T05:00:00.000Z');
  });

  it('puts the last millisecond of Sunday in the old week and Monday 00:00 in the new one', () => {
    expect(leagueWeekOf(new Date('2026-11-30T04:59:59.999Z')).week).toBe('2026-11-23');
    expect(leagueWeekOf(new Date('2026-11-30T05:00:00.000Z')).week).toBe('2026-11-30');
    // Sunday evening in New York is already Monday in UTC.
    expect(leagueWeekOf(new Date('2026-11-30T02:00:00Z')).week).toBe('2026-11-23');
  });

  it('has 167 hours in the week clocks go forward and 169 in the week they go back', () => {
    const spring = leagueWeekOf(new Date('2026-03-05T12:00:00Z'));
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(167);
    const autumn = leagueWeekOf(new Date('2026-10-29T12:00:00Z'));
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(169);
  });

  it('finds a week again from its name', () => {
    expect(leagueWeekNamed('2026-11-23')).toEqual(leagueWeekOf(new Date('2026-11-25T12:00:00Z')));
  });

  it('names the week before for a close on Monday morning', () => {
    expect(previousLeagueWeek(new Date('2026-11-30T05:00:00Z')).week).toBe('2026-11-23');
    expect(previousLeagueWeek(new Date('2026-12-02T12:00:00Z')).week).toBe('2026-11-23');
  });
});

describe('the board', () => {
  it('ranks by days logged, then by the longer current streak', () => {
    const board = rankLeague([member('ann', 3, 1), member('bob', 5, 0), member('cat', 3, 9)]);
    expect(board.map((r) => [r.username, r.rank])).toEqual([
      ['bob', 1],
      ['cat', 2],
      ['ann', 3],
    ]);
  });

  it('gives members equal on days and streak the same rank, listed by name', () => {
    const board = rankLeague([member('zed', 2, 2), member('amy', 2, 2), member('bo', 1, 0)]);
    expect(board.map((r) => [r.username, r.rank])).toEqual([
      ['amy', 1],
      ['zed', 1],
      ['bo', 3],
    ]);
  });
});

describe('the week winner', () => {
  it('is the member ranked first', () => {
    expect(leagueWinners([member('ann', 3, 1), member('bob', 5, 0), member('cat', 1, 0)]).map((m) => m.username)).toEqual(['bob']);
  });

  it('is decided by the streak when days are equal', () => {
    expect(leagueWinners([member('ann', 4, 1), member('bob', 4, 6), member('cat', 1, 0)]).map((m) => m.username)).toEqual(['bob']);
  });

  it('is everyone tied first on days and streak', () => {
    expect(
      leagueWinners([member('ann', 4, 2), member('bob', 4, 2), member('cat', 1, 9)])
        .map((m) => m.username)
        .sort(),
    ).toEqual(['ann', 'bob']);
  });

  it('is nobody unless at least three members logged a day', () => {
    expect(leagueWinners([member('ann', 7, 3), member('bob', 2, 0), member('cat', 0, 0)])).toEqual([]);
    expect(leagueWinners([member('ann', 7, 3)])).toEqual([]);
  });

  it('is nobody when nobody logged a day', () => {
    expect(leagueWinners([member('ann', 0, 3), member('bob', 0, 0)])).toEqual([]);
    expect(leagueWinners([])).toEqual([]);
  });
});

describe('invitation codes', () => {
  it('are LEAGUE_CODE_LENGTH characters that read unambiguously', () => {
    const code = leagueCodeFrom([0, 1, 2, 3, 250, 251, 252, 255]);
    expect(code).toHaveLength(LEAGUE_CODE_LENGTH);
    expect([...code].every((char) => LEAGUE_CODE_ALPHABET.includes(char))).toBe(true);
    expect(code).not.toMatch(/[01IOL]/);
  });

  it('make a join link under /root/league/join/', () => {
    expect(leagueJoinPath('ABCDEFGH')).toBe('/root/league/join/ABCDEFGH');
  });
});

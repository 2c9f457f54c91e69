import { describe, expect, it } from 'vitest';
import { calendarDayLabels, streakCalendar } from './streak-calendar';

describe('streakCalendar', () => {
  it('lists the last days in New York until a zone is recorded, oldest first, a post winning over a freeze', () => {
    const now = new Date('2026-05-13T03:00:00Z'); // still the 12th in New York
    expect(streakCalendar(now, null, ['2026-05-12', '2026-05-10'], ['2026-05-11', '2026-05-12'], 4)).toEqual([
      { day: '2026-05-09', state: 'none' },
      { day: '2026-05-10', state: 'posted' },
      { day: '2026-05-11', state: 'frozen' },
      { day: '2026-05-12', state: 'posted' },
    ]);
  });

  it("ends on today in the person's recorded zone: 00:30 in Rome is the next day there", () => {
    const now = new Date('2026-05-12T22:30:00Z'); // 00:30 on the 13th in Rome, the 12th in New York
    expect(streakCalendar(now, 'Europe/Rome', ['2026-05-13'], [], 2)).toEqual([
      { day: '2026-05-12', state: 'none' },
      { day: '2026-05-13', state: 'posted' },
    ]);
  });
});

describe('calendarDayLabels', () => {
  it('names the day itself, whatever the zone the test runs in', () => {
    expect(calendarDayLabels('2026-05-12')).toEqual({ weekday: 'Tue', date: 12, label: 'Tue, May 12' });
  });
});

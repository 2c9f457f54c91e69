import { describe, expect, it } from 'vitest';
import { calendarDayLabels, streakCalendar } from './streak-calendar';

describe('streakCalendar', () => {
  it('lists the last days in New York, oldest first, a post winning over a freeze', () => {
    const now = new Date('2026-05-13T03:00:00Z'); // still the 12th in New York
    expect(streakCalendar(now, ['2026-05-12', '2026-05-10'], ['2026-05-11', '2026-05-12'], 4)).toEqual([
      { day: '2026-05-09', state: 'none' },
      { day: '2026-05-10', state: 'posted' },
      { day: '2026-05-11', state: 'frozen' },
      { day: '2026-05-12', state: 'posted' },
    ]);
  });
});

describe('calendarDayLabels', () => {
  it('names the day itself, whatever the zone the test runs in', () => {
    expect(calendarDayLabels('2026-05-12')).toEqual({ weekday: 'Tue', date: 12, label: 'Tue, May 12' });
  });
});

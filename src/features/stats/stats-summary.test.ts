import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n/i18n';
import { calendarLayout, dayRange, postsPerDay, postsPerType, statsSummary, typeRank } from './stats-summary';

const posts = [
  { day: '2026-03-07', type: 'Type 4' },
  { day: '2026-03-07', type: 'Type 4' },
  { day: '2026-03-09', type: 'Other' },
];

// Texts and month names in English, as on a device set to English.
beforeAll(() => activateLocale('en'));

describe('stats summary', () => {
  it('ranks the nine types on the axis', () => {
    expect(typeRank('Type 1')).toBe(1);
    expect(typeRank('Type 7')).toBe(7);
    expect(typeRank('Other')).toBe(8);
    expect(typeRank('Indecise')).toBe(9);
  });

  it('counts every day of the range, across a DST change', () => {
    expect(dayRange('2026-03-07', 3)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(postsPerDay(posts, '2026-03-07', 3)).toEqual([
      { day: '2026-03-07', count: 2 },
      { day: '2026-03-08', count: 0 },
      { day: '2026-03-09', count: 1 },
    ]);
  });

  it('counts per type and says it in one sentence', () => {
    expect(postsPerType(posts)).toEqual([
      { type: 'Type 4', count: 2 },
      { type: 'Other', count: 1 },
    ]);
    expect(statsSummary(posts, 90)).toBe('3 posts on 2 days in the last 90 days; most often Type 4.');
    expect(statsSummary([], 90)).toBe('No posts in the last 90 days.');
  });
});

describe('calendarLayout', () => {
  it('puts each day in its weekday row and names the months', () => {
    // 2026-08-30 is a Sunday.
    const perDay = ['2026-08-29', '2026-08-30', '2026-08-31', '2026-09-01'].map((day) => ({ day, count: 0 }));
    const layout = calendarLayout(perDay);
    expect(layout.cells.map((c) => [c.week, c.weekday])).toEqual([
      [0, 6],
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
    expect(layout.weeks).toBe(2);
    // September starts on a Tuesday: it is named from its first full week, which this range does not reach.
    expect(layout.months).toEqual([{ week: 0, label: 'Aug' }]);
  });

  it('names each month of a 90-day range once', () => {
    const perDay = Array.from({ length: 90 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 7, 27) + i * 86_400_000).toISOString().slice(0, 10),
      count: 0,
    }));
    expect(calendarLayout(perDay).months.map((m) => m.label)).toEqual(['Aug', 'Sep', 'Oct', 'Nov']);
  });
});

import { describe, expect, it } from 'vitest';
import { POOP_TIMEZONE } from './constants';
import { EMPTY_HEALTH_DETAILS, type DiaryEntry, type HealthDetails } from './diary';
import { defaultDiaryRange, diaryFigures, rangeDays, warningSigns } from './diary-figures';
import { personalDay } from './personal-day';
import type { PoopType } from './poop';

let counter = 0;
/** An entry written in New York (its day there), or in `timeZone`. */
function entry(occurredAt: string, type: PoopType, details: Partial<HealthDetails> = {}, timeZone?: string): DiaryEntry {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    poopId: null,
    occurredAt,
    day: personalDay(new Date(occurredAt), timeZone),
    timeZone: timeZone ?? POOP_TIMEZONE,
    type,
    title: null,
    thumbnail: null,
    details: { ...EMPTY_HEALTH_DETAILS, ...details },
  };
}

describe('rangeDays', () => {
  it('lists the days of a range inclusively, across a month end', () => {
    expect(rangeDays({ from: '2026-10-30', to: '2026-11-02' })).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
  });

  it('a range of one day has one day', () => {
    expect(rangeDays({ from: '2026-11-02', to: '2026-11-02' })).toEqual(['2026-11-02']);
  });

  it('refuses a range that ends before it starts, and things that are not days', () => {
    expect(() => rangeDays({ from: '2026-11-03', to: '2026-11-02' })).toThrow(RangeError);
    expect(() => rangeDays({ from: '2026-13-01', to: '2026-13-02' })).toThrow(RangeError);
    expect(() => rangeDays({ from: '2026-02-30', to: '2026-03-01' })).toThrow(RangeError);
    expect(() => rangeDays({ from: '28/02/2026', to: '2026-03-01' })).toThrow(RangeError);
  });

  it('the default range is the last 14 days up to today, today included', () => {
    expect(defaultDiaryRange('2026-11-27')).toEqual({ from: '2026-11-14', to: '2026-11-27' });
    expect(rangeDays(defaultDiaryRange('2026-03-01'))).toHaveLength(14);
    expect(defaultDiaryRange('2026-03-01', 1)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
});

describe('warningSigns', () => {
  it('blood, a red or black colour and at night are warning signs; other answers are not', () => {
    expect(warningSigns({ ...EMPTY_HEALTH_DETAILS, blood: true, colour: 'black', atNight: true })).toEqual(['blood', 'black', 'atNight']);
    expect(warningSigns({ ...EMPTY_HEALTH_DETAILS, colour: 'red' })).toEqual(['red']);
    expect(warningSigns({ ...EMPTY_HEALTH_DETAILS, colour: 'green', blood: false, atNight: false, pain: 9, mucus: true })).toEqual([]);
  });
});

describe('diaryFigures', () => {
  it('an empty range: every day at 0, no shares, no summaries', () => {
    const figures = diaryFigures([], { from: '2026-11-01', to: '2026-11-07' });
    expect(figures.days).toBe(7);
    expect(figures.entries).toBe(0);
    expect(figures.daysWithEntries).toBe(0);
    expect(figures.perDay).toHaveLength(7);
    expect(figures.perDay.every((day) => day.count === 0)).toBe(true);
    expect(figures.movementsPerDay).toEqual({ mean: 0, min: 0, max: 0 });
    expect(figures.bristol.onScale).toBe(0);
    expect(figures.bristol.hardShare).toBeNull();
    expect(figures.bristol.looseShare).toBeNull();
    expect(figures.pain).toEqual({ answered: 0, mean: null, max: null, withPain: 0 });
    expect(figures.straining).toEqual({ yes: 0, no: 0, unanswered: 0 });
    expect(figures.warnings).toEqual([]);
  });

  it('one entry: one day with it, the mean spread over the range', () => {
    const only = entry('2026-11-03T14:00:00.000Z', 'Type 4', { straining: true, pain: 3 });
    const figures = diaryFigures([only], { from: '2026-11-01', to: '2026-11-04' });
    expect(figures.entries).toBe(1);
    expect(figures.daysWithEntries).toBe(1);
    expect(figures.perDay).toEqual([
      { date: '2026-11-01', count: 0 },
      { date: '2026-11-02', count: 0 },
      { date: '2026-11-03', count: 1 },
      { date: '2026-11-04', count: 0 },
    ]);
    expect(figures.movementsPerDay).toEqual({ mean: 0.25, min: 0, max: 1 });
    expect(figures.bristol.counts['Type 4']).toBe(1);
    expect(figures.bristol.hardShare).toBe(0);
    expect(figures.bristol.looseShare).toBe(0);
    expect(figures.straining).toEqual({ yes: 1, no: 0, unanswered: 0 });
    expect(figures.urgency).toEqual({ yes: 0, no: 0, unanswered: 1 });
    expect(figures.pain).toEqual({ answered: 1, mean: 3, max: 3, withPain: 1 });
  });

  it('all Other or Indecise: counted as movements, but no share of hard or loose', () => {
    const figures = diaryFigures([entry('2026-11-02T15:00:00.000Z', 'Other'), entry('2026-11-02T20:00:00.000Z', 'Indecise')], {
      from: '2026-11-02',
      to: '2026-11-02',
    });
    expect(figures.entries).toBe(2);
    expect(figures.movementsPerDay).toEqual({ mean: 2, min: 2, max: 2 });
    expect(figures.bristol.counts.Other).toBe(1);
    expect(figures.bristol.counts.Indecise).toBe(1);
    expect(figures.bristol.onScale).toBe(0);
    expect(figures.bristol.hardShare).toBeNull();
    expect(figures.bristol.looseShare).toBeNull();
  });

  it('shares of types 1-2 and 6-7 are taken of the entries on the scale only', () => {
    const entries = [
      entry('2026-11-01T15:00:00.000Z', 'Type 1'),
      entry('2026-11-01T16:00:00.000Z', 'Type 2'),
      entry('2026-11-02T15:00:00.000Z', 'Type 4'),
      entry('2026-11-03T15:00:00.000Z', 'Type 7'),
      entry('2026-11-03T16:00:00.000Z', 'Other'),
    ];
    const figures = diaryFigures(entries, { from: '2026-11-01', to: '2026-11-03' });
    expect(figures.bristol.onScale).toBe(4);
    expect(figures.bristol.hardShare).toBe(0.5);
    expect(figures.bristol.looseShare).toBe(0.25);
    expect(figures.movementsPerDay).toEqual({ mean: 5 / 3, min: 1, max: 2 });
    expect(figures.bristol.bucket).toBe('day');
    expect(figures.bristol.overTime.map((bucket) => [bucket.from, bucket.total])).toEqual([
      ['2026-11-01', 2],
      ['2026-11-02', 1],
      ['2026-11-03', 2],
    ]);
    expect(figures.bristol.overTime[0]?.counts['Type 1']).toBe(1);
  });

  it("leaves out entries outside the range, judged by each entry's own day", () => {
    // 03:30 UTC on the 8th is the 7th in New York: outside a range starting on the 8th there.
    const late = entry('2026-11-08T03:30:00.000Z', 'Type 3');
    const inside = entry('2026-11-08T15:00:00.000Z', 'Type 3');
    const after = entry('2026-11-10T15:00:00.000Z', 'Type 3');
    const figures = diaryFigures([late, inside, after], { from: '2026-11-08', to: '2026-11-09' });
    expect(figures.entries).toBe(1);
    // 23:30 UTC on the 7th, written in Rome, is 00:30 on the 8th there: on the 8th.
    const rome = entry('2026-11-07T23:30:00.000Z', 'Type 3', {}, 'Europe/Rome');
    expect(diaryFigures([rome], { from: '2026-11-08', to: '2026-11-08' }).perDay).toEqual([{ date: '2026-11-08', count: 1 }]);
  });

  it('a range longer than a month is bucketed by week from its first day', () => {
    const figures = diaryFigures([entry('2026-10-01T15:00:00.000Z', 'Type 5'), entry('2026-10-09T15:00:00.000Z', 'Type 6')], {
      from: '2026-10-01',
      to: '2026-11-09',
    });
    expect(figures.days).toBe(40);
    expect(figures.bristol.bucket).toBe('week');
    expect(figures.bristol.overTime).toHaveLength(6);
    expect(figures.bristol.overTime[0]).toMatchObject({ from: '2026-10-01', to: '2026-10-07', total: 1 });
    expect(figures.bristol.overTime[1]).toMatchObject({ from: '2026-10-08', to: '2026-10-14', total: 1 });
    expect(figures.bristol.overTime.at(-1)).toMatchObject({ from: '2026-11-05', to: '2026-11-09', total: 0 });
  });

  it('summarises the answers and lists warning signs with their dates, oldest first', () => {
    const black = entry('2026-11-04T15:00:00.000Z', 'Type 4', { colour: 'black', pain: 7, urgency: false });
    const night = entry('2026-11-02T08:00:00.000Z', 'Type 6', { atNight: true, blood: true, urgency: true, pain: 0 });
    const calm = entry('2026-11-03T15:00:00.000Z', 'Type 4', { colour: 'brown', incompleteEmptying: false });
    const figures = diaryFigures([black, calm, night], { from: '2026-11-01', to: '2026-11-07' });
    expect(figures.warnings).toEqual([
      { entryId: night.id, date: '2026-11-02', occurredAt: night.occurredAt, type: 'Type 6', signs: ['blood', 'atNight'] },
      { entryId: black.id, date: '2026-11-04', occurredAt: black.occurredAt, type: 'Type 4', signs: ['black'] },
    ]);
    expect(figures.urgency).toEqual({ yes: 1, no: 1, unanswered: 1 });
    expect(figures.incompleteEmptying).toEqual({ yes: 0, no: 1, unanswered: 2 });
    expect(figures.pain).toEqual({ answered: 2, mean: 3.5, max: 7, withPain: 1 });
  });
});

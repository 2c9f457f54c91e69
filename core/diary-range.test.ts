import { describe, expect, it } from 'vitest';
import { POOP_TIMEZONE } from './constants';
import { diaryRangeBounds, isTimeZone } from './diary-range';

describe('diary ranges', () => {
  it('turns local days into the instants they cover, across a DST change', () => {
    // Paris moves to summer time on 2026-03-29: that day has 23 hours.
    const bounds = diaryRangeBounds('2026-03-28', '2026-03-29', 'Europe/Paris');
    expect(bounds?.start.toISOString()).toBe('2026-03-27T23:00:00.000Z');
    expect(bounds?.end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('reads one day in UTC as 24 hours', () => {
    const bounds = diaryRangeBounds('2026-11-01', '2026-11-01', 'UTC');
    expect(bounds?.start.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(bounds?.end.toISOString()).toBe('2026-11-02T00:00:00.000Z');
  });

  it('refuses bad days, unknown zones, backwards and over-long ranges', () => {
    expect(diaryRangeBounds('2026-02-30', '2026-03-01', 'UTC')).toBeUndefined();
    expect(diaryRangeBounds('2026-3-1', '2026-03-01', 'UTC')).toBeUndefined();
    expect(diaryRangeBounds('2026-03-01', '2026-03-01', 'Mars/Olympus')).toBeUndefined();
    expect(diaryRangeBounds('2026-03-02', '2026-03-01', 'UTC')).toBeUndefined();
    expect(diaryRangeBounds('2025-01-01', '2026-01-02', 'UTC')).toBeUndefined();
    expect(diaryRangeBounds('2025-01-01', '2026-01-01', 'UTC')).toBeDefined();
  });

  it('refuses years outside 1900..2200 (issue 61)', () => {
    expect(diaryRangeBounds('0000-01-01', '0000-12-31', 'UTC')).toBeUndefined();
    expect(diaryRangeBounds('1899-12-31', '1900-01-01', 'UTC')).toBeUndefined();
    expect(diaryRangeBounds('9999-01-01', '9999-12-31', 'UTC')).toBeUndefined();
    expect(diaryRangeBounds('2200-12-31', '2201-01-01', 'UTC')).toBeUndefined();
    expect(diaryRangeBounds('1900-01-01', '1900-01-01', 'UTC')).toEqual({
      start: new Date('1900-01-01T00:00:00.000Z'),
      end: new Date('1900-01-02T00:00:00.000Z'),
    });
    expect(diaryRangeBounds('2200-12-31', '2200-12-31', 'UTC')).toBeDefined();
  });

  it('knows IANA zones', () => {
    expect(isTimeZone(POOP_TIMEZONE)).toBe(true);
    expect(isTimeZone('Nowhere/Else')).toBe(false);
  });
});

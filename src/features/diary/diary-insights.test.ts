import { describe, expect, it } from 'vitest';
import { formatDiaryDay, formatDiaryDayShort } from './diary-insights';

describe('a day as every screen writes it', () => {
  it('is written day first in English, with and without its year', () => {
    expect(formatDiaryDay('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDiaryDayShort('2026-11-23')).toBe('23 Nov');
    expect(formatDiaryDayShort('2026-11-23', 'en')).toBe('23 Nov');
  });

  it('is written in the active language', () => {
    expect(formatDiaryDay('2026-11-23', 'it')).toBe('23 nov 2026');
    expect(formatDiaryDayShort('2026-12-06', 'it')).toBe('6 dic');
  });

  it('is the calendar day itself, whatever zone the device is in', () => {
    // Midnight UTC is the evening before in New York: the day must not move back.
    expect(formatDiaryDayShort('2026-01-01')).toBe('1 Jan');
    expect(formatDiaryDay('2026-12-31')).toBe('31 Dec 2026');
  });
});

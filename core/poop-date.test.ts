import { describe, expect, it } from 'vitest';
import { toPoopDate } from './poop-date';

describe('toPoopDate', () => {
  it('formats in New York standard time in winter', () => {
    expect(toPoopDate(new Date('2026-11-22T13:15:00.000Z'))).toBe('2026-11-22T08:15:00.000-05:00');
  });

  it('formats in New York daylight time in summer', () => {
    expect(toPoopDate(new Date('2026-07-04T16:00:00.123Z'))).toBe('2026-07-04T12:00:00.123-04:00');
  });

  it('keeps the New York calendar day when UTC is already tomorrow', () => {
    expect(toPoopDate(new Date('2026-01-01T03:00:00.000Z'))).toBe('2025-12-31T22:00:00.000-05:00');
  });

  it('round-trips to the same instant', () => {
    const date = new Date('2026-03-08T07:30:00.000Z');
    expect(new Date(toPoopDate(date)).getTime()).toBe(date.getTime());
  });

  it('switches offset on the exact instants daylight time starts and ends', () => {
    expect(toPoopDate(new Date('2026-03-08T06:59:59.999Z'))).toBe('2026-03-08T01:59:59.999-05:00');
    expect(toPoopDate(new Date('2026-03-08T07:00:00.000Z'))).toBe('2026-03-08T03:00:00.000-04:00');
    expect(toPoopDate(new Date('2026-11-01T05:59:59.999Z'))).toBe('2026-11-01T01:59:59.999-04:00');
    expect(toPoopDate(new Date('2026-11-01T06:00:00.000Z'))).toBe('2026-11-01T01:00:00.000-05:00');
  });

  it('refuses an invalid date', () => {
    expect(() => toPoopDate(new Date('nope'))).toThrow(RangeError);
  });
});

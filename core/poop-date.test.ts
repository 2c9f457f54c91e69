import { describe, expect, it } from 'vitest';
import { POOP_TIMEZONE } from './constants';
import { POST_TIME_MAX_AGE_DAYS, POST_TIME_MAX_AHEAD_MINUTES } from './constants';
import { acceptedPostTime, toPoopDate } from './poop-date';

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

  it("shows New York's wall clock for any instant, before 1970 and across years of zone changes", () => {
    const newYork = new Intl.DateTimeFormat('en-US', {
      timeZone: POOP_TIMEZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const start = Date.parse('1969-06-30T12:00:00.000Z');
    const step = 7 * 3_600_000 + 13 * 60_000 + 17_011; // lands on every hour, minute, second and millisecond in turn
    for (let ms = start; ms < Date.parse('2031-01-01T00:00:00.000Z'); ms += step * 97) {
      const text = toPoopDate(new Date(ms));
      const parts = Object.fromEntries(newYork.formatToParts(ms).map((part) => [part.type, part.value]));
      const wall = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
      expect(text.slice(0, 19)).toBe(wall);
      expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
      expect(Date.parse(text)).toBe(ms);
    }
  });

  it('refuses an invalid date', () => {
    expect(() => toPoopDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('acceptedPostTime', () => {
  const now = new Date('2026-11-22T20:00:00.000Z');
  const maxAge = POST_TIME_MAX_AGE_DAYS * 24 * 3_600_000;
  const maxAhead = POST_TIME_MAX_AHEAD_MINUTES * 60_000;
  const at = (offset: number) => new Date(now.getTime() + offset);

  it('is now without a client time', () => {
    expect(acceptedPostTime(undefined, now)).toEqual(now);
  });

  it('keeps a client time inside the window, its edges included', () => {
    expect(acceptedPostTime(at(-9 * 3_600_000), now)).toEqual(at(-9 * 3_600_000));
    expect(acceptedPostTime(at(-maxAge), now)).toEqual(at(-maxAge));
    expect(acceptedPostTime(at(maxAhead), now)).toEqual(at(maxAhead));
  });

  it('clamps a time older than the window to its start, and one too far ahead to its end', () => {
    expect(acceptedPostTime(at(-maxAge - 1), now)).toEqual(at(-maxAge));
    expect(acceptedPostTime(at(-30 * maxAge), now)).toEqual(at(-maxAge));
    expect(acceptedPostTime(at(maxAhead + 1), now)).toEqual(at(maxAhead));
  });
});

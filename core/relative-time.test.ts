import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const W = 7 * D;

describe('relativeTime', () => {
  it.each([null, undefined, ''])("is 'Now' for an empty date (%j)", (then) => {
    expect(relativeTime(then, now, 'en')).toBe('Now');
  });

  it("is 'Now' for a garbled string, under a second, and for a future date", () => {
    expect(relativeTime('yesterday-ish', now, 'en')).toBe('Now');
    expect(relativeTime(ago(999), now, 'en')).toBe('Now');
    expect(relativeTime(ago(0), now, 'en')).toBe('Now');
    expect(relativeTime(ago(-5 * M), now, 'en')).toBe('Now');
  });

  it.each([
    [1 * S, '1 second ago'],
    [2 * S, '2 seconds ago'],
    [59 * S + 999, '59 seconds ago'],
    [1 * M, '1 minute ago'],
    [2 * M, '2 minutes ago'],
    [59 * M + 59 * S, '59 minutes ago'],
    [1 * H, '1 hour ago'],
    [2 * H, '2 hours ago'],
    [23 * H + 59 * M, '23 hours ago'],
    [1 * D, '1 day ago'],
    [2 * D, '2 days ago'],
    [7 * D - 1, '6 days ago'],
    [7 * D, '1 week ago'],
    [14 * D, '2 weeks ago'],
    [30 * D - 1, '4 weeks ago'],
    [30 * D, '1 month ago'],
    [60 * D, '2 months ago'],
    [365 * D - 1, '12 months ago'],
    [365 * D, '1 year ago'],
    [3 * 365 * D, '3 years ago'],
  ])('%i ms ago reads %j', (ms, text) => {
    expect(relativeTime(ago(ms), now, 'en')).toBe(text);
  });

  it('accepts ISO strings, New York offsets included', () => {
    expect(relativeTime('2026-06-15T07:00:00.000-04:00', now, 'en')).toBe('1 hour ago');
  });

  describe('in Italian', () => {
    it("is 'Ora' for an empty date, under a second and for a future date", () => {
      expect(relativeTime(null, now, 'it')).toBe('Ora');
      expect(relativeTime(ago(999), now, 'it')).toBe('Ora');
      expect(relativeTime(ago(-5 * M), now, 'it')).toBe('Ora');
    });

    it.each([
      [1 * S, '1 secondo fa'],
      [2 * S, '2 secondi fa'],
      [1 * M, '1 minuto fa'],
      [3 * M, '3 minuti fa'],
      [1 * H, '1 ora fa'],
      [5 * H, '5 ore fa'],
      [1 * D, '1 giorno fa'],
      [2 * D, '2 giorni fa'],
      [1 * W, '1 settimana fa'],
      [3 * W, '3 settimane fa'],
      [30 * D, '1 mese fa'],
      [60 * D, '2 mesi fa'],
      [365 * D, '1 anno fa'],
      [3 * 365 * D, '3 anni fa'],
    ])('%i ms ago reads %j', (ms, text) => {
      expect(relativeTime(ago(ms), now, 'it')).toBe(text);
    });
  });
});

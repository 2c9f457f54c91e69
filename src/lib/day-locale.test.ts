import { describe, expect, it } from 'vitest';
import { dayLocale, formatDate } from './day-locale';

describe('the app’s date style', () => {
  // Noon UTC: the same calendar day in every zone the tests may run in.
  const at = new Date('2026-12-06T12:00:00Z');

  it('writes English dates day first, as every screen does, and Italian in Italian', () => {
    expect(formatDate(at, 'en')).toBe('6 Dec 2026');
    expect(formatDate(at, 'it')).toBe('6 dic 2026');
  });

  it('reads only English as British; other languages keep their own order', () => {
    expect(dayLocale('en')).toBe('en-GB');
    expect(dayLocale('it')).toBe('it');
  });
});

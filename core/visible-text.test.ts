import { describe, expect, it } from 'vitest';
import { visibleText } from './visible-text';

describe('visibleText', () => {
  it.each([
    ['\u200B', 'a zero-width space'],
    ['\u2028', 'a line separator'],
    ['\u202E', 'a right-to-left override'],
    ['\u200B\u200C\u200D\u2060\uFEFF', 'zero-width characters and joiners'],
    ['\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u200E\u200F\u061C', 'bidi controls'],
    [' \u2029\t\u00A0\u3000\u00AD ', 'separators and spaces'],
  ])('is empty for text made only of %j (%s)', (text) => {
    expect(visibleText(text)).toBe('');
  });

  it('trims them from the ends and keeps them inside', () => {
    expect(visibleText('\u202E\u200B hello\u200Bworld \u2028')).toBe('hello\u200Bworld');
  });

  it('normalizes to NFC', () => {
    expect(visibleText('Cafe\u0301')).toBe('Caf\u00E9');
  });

  it('keeps the variation selector and joiners that make an emoji', () => {
    expect(visibleText('love \u2764\uFE0F')).toBe('love \u2764\uFE0F');
    expect(visibleText('\u{1F469}\u200D\u{1F4BB}')).toBe('\u{1F469}\u200D\u{1F4BB}');
  });
});

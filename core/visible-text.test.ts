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

// Issue 61: text of nothing but these passed for comments, chat and league names.
describe('visibleText: invisible-only text by Unicode properties', () => {
  it.each([
    ['\uFE0F\uFE0F\uFE0F', 'three emoji variation selectors'],
    ['\u{E0041}\u{E0042}\u{E0043}', 'tag characters'],
    ['\u180B\u180C\u180D', 'Mongolian free variation selectors'],
    ['\u{1BCA0}\u{1BCA1}', 'shorthand format controls'],
    ['\u{1D173}\u{1D174}', 'musical beam controls'],
    ['\u2800\u2800', 'braille blanks'],
    ['\u0301\u0308', 'combining marks with no base'],
    [' \u0300 ', 'a lone combining mark between spaces'],
  ])('is empty for %j (%s)', (text) => {
    expect(visibleText(text)).toBe('');
  });

  it('keeps marks on a base, and text around the blanks', () => {
    expect(visibleText('\u0301e\u0301')).toBe('\u00E9');
    expect(visibleText('\u2800hi\u2800')).toBe('hi');
    expect(visibleText('\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}')).toBe(
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
    );
  });
});

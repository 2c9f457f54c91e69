/**
 * Text a person typed, as it is stored and checked (issues 39, 61): NFC-normalized, with the
 * characters that show nothing trimmed from both ends, and empty when nothing in it shows, so a
 * comment, chat message, title, league name or username made only of them is empty and gets that
 * field's usual answer. Decided by Unicode properties, not a hand list of code points.
 */

/**
 * What shows nothing on its own: white space, the default-ignorable code points (zero-width and
 * bidi controls, joiners, variation selectors, tag characters, Mongolian free variation selectors,
 * shorthand format controls, musical beam controls, Hangul fillers...), the other control and
 * format characters, and the braille blank (U+2800), which is a symbol yet prints nothing.
 */
const BLANK = '\\p{White_Space}\\p{Default_Ignorable_Code_Point}\\p{Cc}\\p{Cf}\\u2800';
/** A character that shows: neither blank nor a mark (a mark shows only on a base, which must then be there). */
const SHOWS = new RegExp(`[^${BLANK}\\p{M}]`, 'u');
/**
 * The ends that are trimmed. At the start, blanks and marks (a mark there has no base). At the
 * end, blanks other than variation selectors and tag characters, which finish an emoji (❤️, flags).
 */
const EDGES = new RegExp(`^[${BLANK}\\p{M}]+|(?:(?![\\p{Variation_Selector}\\u{E0020}-\\u{E007F}])[${BLANK}])+$`, 'gu');

/** Whether anything in `text` shows: a character that is neither blank nor a combining mark. */
export function hasVisibleText(text: string): boolean {
  return SHOWS.test(text);
}

/** The text NFC-normalized, without invisible characters at either end; '' when nothing in it shows. */
export function visibleText(text: string): string {
  const normalized = text.normalize('NFC');
  return hasVisibleText(normalized) ? normalized.replace(EDGES, '') : '';
}

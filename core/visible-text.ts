/**
 * Text a person typed, as it is stored and checked (issue 39): NFC-normalized, with the
 * characters that show nothing trimmed from both ends, so a comment, chat message, title or
 * username made only of them is empty and gets that field's usual answer.
 */

/**
 * What `trim()` leaves that shows nothing: the soft hyphen, the combining grapheme joiner, the
 * Arabic letter mark, the Hangul fillers, the Khmer inherent vowels, the Mongolian vowel separator,
 * zero-width space, non-joiner and joiner, the left-to-right and right-to-left marks, the bidi
 * embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), the word joiner and invisible
 * operators (U+2060-U+2064), the deprecated format characters (U+206A-U+206F) and the byte order
 * mark. Whitespace, line and paragraph separators (U+2028, U+2029) are `\s`. Variation selectors and
 * tag characters are left alone: they end emoji sequences (❤️, flags).
 */
const INVISIBLE = '\\s\\u00AD\\u061C\\u115F\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\u3164\\uFEFF\\uFFA0';
// The combining marks among them (U+034F, U+1160, U+17B4, U+17B5) stand outside the class, so none reads as part of its neighbour.
const ONE = `(?:[${INVISIBLE}]|\\u034F|\\u1160|\\u17B4|\\u17B5)`;
const EDGES = new RegExp(`^${ONE}+|${ONE}+$`, 'gu');

/** The text NFC-normalized, without whitespace or invisible characters at either end. */
export function visibleText(text: string): string {
  return text.normalize('NFC').replace(EDGES, '');
}

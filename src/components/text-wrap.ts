/**
 * How names and free text break (issue 22): a user name is one word ("BraveOtter100"), so it
 * stays on one line and ends with an ellipsis rather than wrapping a syllable per line; free text
 * wraps between words and breaks a word only when that word alone is wider than the line.
 * (`overflow-wrap: anywhere` also shrinks an element's min-content width to one letter, which
 * let flex rows squeeze names into a column of syllables.)
 */
export const NAME_SX = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * A name given its row's width where it must be read whole (the leaderboards, issue 64): it wraps
 * onto a second line, inside the word if it has to, rather than ending with an ellipsis.
 */
export const WHOLE_NAME_SX = { minWidth: 0, overflowWrap: 'anywhere' } as const;

/**
 * Hidden from sight, read by screen readers. Sizes are strings: in `sx` a bare 1 means 100%,
 * which made a hidden label as wide as the screen and pushed the page sideways.
 */
export const VISUALLY_HIDDEN_SX = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

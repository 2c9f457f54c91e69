import { SEARCH_TYPO_MAX_LENGTH, SEARCH_TYPO_MIN_LENGTH } from './constants';

/**
 * What a short search term may have meant, one slip away: two neighbouring letters swapped
 * ('brvae' -> 'brave') or one letter too many ('otterr' -> 'otter'). Trigram similarity misses
 * these in short names (too few trigrams survive a swap), so search also looks for these spellings
 * inside names. Only for terms of SEARCH_TYPO_MIN_LENGTH..SEARCH_TYPO_MAX_LENGTH characters, and
 * only variants of at least SEARCH_TYPO_MIN_LENGTH, so a slip never turns into a two-letter match.
 */
export function typoVariants(term: string): string[] {
  const letters = [...term];
  if (letters.length < SEARCH_TYPO_MIN_LENGTH || letters.length > SEARCH_TYPO_MAX_LENGTH) return [];
  const variants = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i += 1) {
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [letters[i + 1] as string, letters[i] as string];
    variants.add(swapped.join(''));
  }
  if (letters.length > SEARCH_TYPO_MIN_LENGTH) {
    for (let i = 0; i < letters.length; i += 1) variants.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
  }
  variants.delete(term);
  return [...variants];
}

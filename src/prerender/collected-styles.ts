import createCache, { type EmotionCache } from '@emotion/cache';

/** The key of the app's emotion cache (the default one), which adopts the styles of a page rendered here. */
const EMOTION_KEY = 'css';

/**
 * An emotion cache that keeps the rules of what is rendered with it (compat mode) instead of
 * writing a tag beside every component; `collectedStyles` then writes them as one tag.
 */
export function collectingCache(): EmotionCache {
  const cache = createCache({ key: EMOTION_KEY });
  cache.compat = true;
  return cache;
}

/**
 * The rules `cache` collected, in one tag in the format the app's emotion cache adopts at
 * start-up (it moves the tag into <head> and inserts none of these rules again): fewer style
 * elements for the browser to take in, and no rule for the app to build again.
 */
export function collectedStyles(cache: EmotionCache): string {
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  if (rules.length === 0) return '';
  return `<style data-emotion="${EMOTION_KEY} ${rules.map(([id]) => id).join(' ')}">${rules.map(([, css]) => css).join('')}</style>`;
}

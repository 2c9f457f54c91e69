/**
 * The emotion key of the prerendered landing's styles (src/prerender/landing.tsx): not the app's
 * own ('css'), so the app's emotion cache leaves them alone, and they go once the app has drawn
 * its first screen (removePrerenderedStyles).
 */
export const PRERENDER_STYLE_KEY = 'landing';

/** Drops the prerendered landing's style tags: the app's first commit has replaced what they styled. */
export function removePrerenderedStyles(): void {
  for (const tag of document.querySelectorAll(
    `style[data-emotion^="${PRERENDER_STYLE_KEY} "], style[data-emotion^="${PRERENDER_STYLE_KEY}-global "]`,
  )) {
    tag.remove();
  }
}

/**
 * The emotion key of the prerendered landing's styles (src/prerender/landing.tsx): not the app's
 * own ('css'), so the app's emotion cache leaves them alone, and they go once the app has drawn
 * its first screen (removePrerenderedStyles).
 */
export const PRERENDER_STYLE_KEY = 'landing';

/** Drops the prerendered landing's style tags: the app's first commit has replaced what they styled. */
export function removePrerenderedStyles(): void {
  // The build's tags ("landing <ids>", "landing-global <ids>"), and those the landing's script added once hydrated.
  for (const tag of document.querySelectorAll(`style[data-emotion^="${PRERENDER_STYLE_KEY}"]`)) {
    tag.remove();
  }
}

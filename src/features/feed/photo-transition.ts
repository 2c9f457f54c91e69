/**
 * Feed -> post -> back as a View Transition (issue 45): the card's photo grows into the post's
 * photo, and shrinks back into its card. Only that pair of screens moves; every other navigation,
 * a browser without View Transitions (or without their types) and `prefers-reduced-motion` get
 * a plain change. The router calls `photoTransitionTypes` before each navigation's transition.
 */
const PHOTO_NAME = 'poop-photo';
const FEED_PATH = '/root';
const POST_PATH = /^\/root\/poop\/([^/]+)\/?$/;
/** The attribute PoopPhoto puts on its frame: the post's id and where it is shown. */
export const PHOTO_FRAME_ATTRIBUTE = 'data-photo-frame';

export type PhotoTransition = { types: ['poop-open'] | ['poop-close']; poopId: string } | null;

/** Which photo moves between these two paths, if any (pure: tested). */
export function photoTransition(from: string | undefined, to: string, reducedMotion: boolean): PhotoTransition {
  if (reducedMotion || from === undefined) return null;
  const opened = from === FEED_PATH ? POST_PATH.exec(to)?.[1] : undefined;
  if (opened) return { types: ['poop-open'], poopId: decodeURIComponent(opened) };
  const closed = to === FEED_PATH ? POST_PATH.exec(from)?.[1] : undefined;
  if (closed) return { types: ['poop-close'], poopId: decodeURIComponent(closed) };
  return null;
}

/** The post whose card photo is the feed's end of the movement (set on the way in, read by the card on the way back). */
let movingPoopId: string | undefined;

/** The view-transition-name of a photo frame: the post's page always names its photo; the feed only the moving card's. */
export function photoFrameTransitionName(poopId: string, variant: 'thumb' | 'display'): string | undefined {
  return variant === 'display' || poopId === movingPoopId ? PHOTO_NAME : undefined;
}

/** The browser can run a transition whose types say which screens it joins (Chromium 125+, Safari 18.2+). */
export function viewTransitionTypesSupported(): boolean {
  return (
    typeof document !== 'undefined' &&
    typeof document.startViewTransition === 'function' &&
    typeof CSS !== 'undefined' &&
    typeof CSS.supports === 'function' &&
    CSS.supports('selector(:active-view-transition-type(a))')
  );
}

/**
 * The router's `defaultViewTransition.types`: false (no transition) unless this is feed -> post or
 * back. Before the old screen is captured, only the card being opened carries the photo's name
 * (a name must be unique on the page); on the way back the card rendered for that post takes it.
 */
export function photoTransitionTypes({
  fromLocation,
  toLocation,
}: {
  fromLocation?: { pathname: string };
  toLocation: { pathname: string };
}) {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const transition = photoTransition(fromLocation?.pathname, toLocation.pathname, reducedMotion);
  if (transition === null) return false;
  movingPoopId = transition.poopId;
  if (transition.types[0] === 'poop-open') {
    for (const frame of document.querySelectorAll<HTMLElement>(`[${PHOTO_FRAME_ATTRIBUTE}="thumb"]`)) {
      frame.style.viewTransitionName = frame.dataset.poopId === transition.poopId ? PHOTO_NAME : '';
    }
  }
  return [...transition.types];
}

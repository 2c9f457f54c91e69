/**
 * Resolves in a new task (setTimeout 0), so whatever the caller runs next starts after the
 * browser has had its turn: a tap, a scroll, a frame to paint.
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

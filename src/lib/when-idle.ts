/**
 * Runs `run` once the page has had `delayMs` for its first screen and the browser is idle
 * (requestIdleCallback, at most `delayMs` more), or after the delay where there is no such callback.
 */
export function whenIdle(run: () => void, delayMs: number): void {
  setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: delayMs });
    else run();
  }, delayMs);
}

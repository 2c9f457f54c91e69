/**
 * When the app renders its first screen: once the router has matched the page and loaded its
 * code (route loaders only start their reads, so this waits for code, not for data).
 * - Over the prerendered landing (`GET /`, see landing.tsx), rendering at once would commit the
 *   router's empty Suspense fallback and blank the landing for a moment.
 * - On every page, the first render (a transition, which React renders in slices) then holds the
 *   whole screen. Rendered earlier, the router's update when the code arrives re-renders the page
 *   synchronously (its state is an external store), in one long task that blocks input.
 */
export function readyToTakeOver(router: { load: () => Promise<void> }): Promise<void> {
  return router.load();
}

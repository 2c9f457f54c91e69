/**
 * When the app may render over the page the server sent. Over the prerendered landing (`GET /`,
 * see landing.tsx) it waits for the router to match the page and load its code: rendered at
 * once, the router's first commit would be empty (its Suspense fallback) and blank the landing
 * for a moment. Over index.html's empty #root there is nothing to keep, so it renders at once.
 */
export function readyToTakeOver(container: HTMLElement, router: { load: () => Promise<void> }): Promise<void> {
  return container.hasChildNodes() ? router.load() : Promise.resolve();
}

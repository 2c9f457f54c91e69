import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFound } from './components/NotFound';
import { RouteError } from './components/RouteError';
import { queryClient } from './api/query-client';
import { routeTree } from './routeTree.gen';

/** What every route's loader receives: loaders prefetch through the one QueryClient. */
export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The app's router. The server renders a page through one of its own, in a memory `history`
 * (src/prerender/app-page.tsx), which restores no scroll: its script would be inline, which the
 * CSP refuses; the app restores it once it runs.
 */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history, scrollRestoration: false } : { scrollRestoration: true }),
    defaultPreload: 'intent',
    // The query cache owns freshness; the router must not cache loader results on its own.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    // A failure gets a message and a retry; Not Found stays for unknown routes and missing resources.
    defaultErrorComponent: RouteError,
  });
}

export const router = createAppRouter({ queryClient });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

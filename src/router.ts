import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFound } from './components/NotFound';
import { RouteError } from './components/RouteError';
import { queryClient } from './api/query-client';
import { routeTree } from './routeTree.gen';

/** What every route's loader receives: loaders prefetch through the one QueryClient. */
export interface RouterContext {
  queryClient: QueryClient;
}

export const router = createRouter({
  routeTree,
  context: { queryClient } satisfies RouterContext,
  defaultPreload: 'intent',
  // The query cache owns freshness; the router must not cache loader results on its own.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFound,
  // A failure gets a message and a retry; Not Found stays for unknown routes and missing resources.
  defaultErrorComponent: RouteError,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFound } from './components/NotFound';
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
  // Spec section 8: a route error shows 'Not Found'.
  defaultErrorComponent: NotFound,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

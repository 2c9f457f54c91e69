import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFound } from './components/NotFound';
import { RouteError } from './components/RouteError';
import { photoTransitionTypes, viewTransitionTypesSupported } from './features/feed/photo-transition';
import { queryClient } from './api/query-client';
import { historyIndex, recordHistoryEntry } from './lib/in-app-history';
import { routeTree } from './routeTree.gen';

/** What every route's loader receives: loaders prefetch through the one QueryClient. */
export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The app's router. Each route's screen is a chunk of its own (autoCodeSplitting); a link's
 * route chunks and loader start when the pointer or focus rests on it ('intent'), and Vite's
 * module preload fetches a chunk's own imports beside it.
 */
export const router = createRouter({
  routeTree,
  context: { queryClient } satisfies RouterContext,
  scrollRestoration: true,
  defaultPreload: 'intent',
  // The query cache owns freshness; the router must not cache loader results on its own.
  defaultPreloadStaleTime: 0,
  defaultNotFoundComponent: NotFound,
  // A failure gets a message and a retry; Not Found stays for unknown routes and missing resources.
  defaultErrorComponent: RouteError,
  // Feed -> post -> back moves the photo (a View Transition); every other navigation is a plain change.
  defaultViewTransition: viewTransitionTypesSupported() ? { types: photoTransitionTypes } : false,
});

// Which screen each history entry shows, for the in-app back arrow (components/BackButton.tsx).
router.subscribe('onResolved', ({ toLocation }) => {
  recordHistoryEntry(historyIndex(router.history.location.state), toLocation.pathname);
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

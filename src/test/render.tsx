import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { User } from '../../core/user';
import { createQueryClient } from '../api/query-client';
import { queryKeys } from '../api/query-keys';
import { i18n } from '../i18n/i18n';
import { setAuthState } from '../state/app.state';

/**
 * Renders a component as the app does: inside the QueryClientProvider (a fresh client per test)
 * and a router (links work), with the given visitor signed in (or a signed-out visitor).
 */
export function renderInApp(
  ui: ReactNode,
  { user = null, client = createQueryClient() }: { user?: User | null; client?: QueryClient } = {},
) {
  setAuthState({ resolved: true, uid: user?.uid ?? null, isAnonymous: false });
  client.setQueryData(queryKeys.me(), user);
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '$', component: () => ui });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/test'] }),
    context: { queryClient: client },
  });
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, client, router };
}

/**
 * The signed-in feed rendered by the server, per request: `GET /root` from a browser with a
 * session (server/plugins/static-app.ts) gets 'For you' already in #root, with the first page of
 * the feed the viewer would read from GET /api/poops/feed, so it paints from the HTML before the
 * app's JS has loaded. The page also carries that feed page as data (PAGE_FEED_ELEMENT_ID), which
 * the app puts in its query cache before its first render (src/api/page-feed.ts): its first commit
 * is the same screen, and it replaces this one then (src/main.tsx), as over the prerendered landing.
 *
 * Built for Node at build time (vite.config.ts, prerenderPages) into dist/ssr/, which the server
 * imports; runs the app's own route tree in a memory history, with a QueryClient of its own per
 * request. Never imports browser-only modules at load: it runs in Node, with no document.
 */
import { renderToString } from 'react-dom/server';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { PoopPageResponse } from '../../core/poop-api';
import type { User } from '../../core/user';
import { meQuery } from '../api/me.queries';
import { seedFeedPage } from '../api/page-feed';
import { createQueryClient } from '../api/query-client';
import { createAppTheme } from '../features/theme/app-theme';
import { createAppRouter } from '../router';
import { setAuthState } from '../state/app.state';
import { collectedStyles, collectingCache } from './collected-styles';

/** How React's server renderer marks a Suspense boundary whose content it left to the client. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

export interface SignedInPage {
  /** The viewer, as the page's session block says (PAGE_SESSION_ELEMENT_ID). */
  user: User;
  /** The first page of 'For you' for this viewer, as GET /api/poops/feed answers it. */
  feed: PoopPageResponse;
}

/** The markup of #root for `/root`, as the app's first commit shows it to `user`. */
export async function renderFeedScreen({ user, feed }: SignedInPage): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQuery().queryKey, user);
  seedFeedPage(queryClient, feed);
  const router = createAppRouter({ queryClient }, createMemoryHistory({ initialEntries: ['/root'] }));
  await router.load();
  // The auth state is the app's one client-state store. renderToString is synchronous, so no
  // other request's render runs between setting it and reading it.
  setAuthState({ resolved: true, uid: user.uid, isAnonymous: false });
  const styles = collectingCache();
  try {
    const markup = renderToString(
      // The user's own choice decides the mode once their record is known (AppThemeProvider).
      <ThemeProvider theme={createAppTheme(user.darkMode ? 'dark' : 'light')}>
        {/* Outside the collecting cache: the page-wide rules stay in a tag of their own inside #root, which leaves with the rendered screen. */}
        <CssBaseline enableColorScheme />
        <CacheProvider value={styles}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </CacheProvider>
      </ThemeProvider>,
      { identifierPrefix: 'plop-server-' },
    );
    // renderToString leaves a part that threw or suspended to the client, marked so: the page
    // would show a gap where the app's first commit shows content.
    if (markup.includes(CLIENT_RENDERED_BOUNDARY)) throw new Error('part of the feed screen could not be rendered on the server');
    return collectedStyles(styles) + markup;
  } finally {
    setAuthState({ resolved: false, uid: null, isAnonymous: false });
    queryClient.clear();
  }
}

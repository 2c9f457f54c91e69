import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Evaluated in groups, each in a task of its own (src/startup/README.md): keep this order.
import './startup/after-react';
import { RouterProvider } from '@tanstack/react-router';
import './startup/after-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { startOutbox } from './api/outbox';
import { feedInPage, seedFeedPage } from './api/page-feed';
import { queryClient } from './api/query-client';
import { restoreQueryCache } from './api/query-persist';
import { completeGoogleRedirect, startAuth } from './features/auth/auth-session';
import { startConnectivityToasts } from './features/connectivity/connectivity-toasts';
import './startup/after-data';
import { AppThemeProvider } from './features/theme/AppThemeProvider';
import './startup/after-theme';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/sw-register';
import { router } from './router';
import './startup/after-routes';
import { yieldToBrowser } from './startup/yield-to-browser';

startConnectivityToasts();
startAuth();
// The feed the server rendered into the page (GET /root signed in), read after the viewer is known
// (a new viewer empties the cache): the first render shows those posts without asking again.
const renderedFeed = feedInPage();
if (renderedFeed) seedFeedPage(queryClient, renderedFeed);
void completeGoogleRedirect();
registerServiceWorker();
startOutbox();
captureInstallPrompt();

/** Only what was restored is read again: what this page load fetched already (the route's loader) is fresh. */
function revalidateRestored(): void {
  const pageStart = performance.timeOrigin;
  void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < pageStart });
}

// The query cache is kept in IndexedDB for a day; a new version of the app starts afresh. What
// was restored shows at once, and is read again: it may be out of date (a post deleted since).
const appVersion: unknown = import.meta.env.VITE_APP_VERSION;
const cacheRestored = restoreQueryCache(queryClient, typeof appVersion === 'string' ? appVersion : 'dev', revalidateRestored);

// The services above have started; the router's first load and render come in a task of their own.
await yieldToBrowser();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render is a transition: React renders it in slices and yields between them, so
// starting the app does not block the page (taps, scrolling) for one long task. It waits for the
// saved query cache (restoreQueryCache) and until the router has matched the page and loaded its
// code (loaders only start their reads: code, not data):
// - over a page the server rendered (the landing, the signed-in feed: src/prerender/), rendering
//   at once would commit the router's empty Suspense fallback and blank the page for a moment;
// - on every page, rendered earlier, the router's update when the code arrives re-renders the page
//   synchronously (its state is an external store), in one long task that blocks input.
const root = createRoot(container);
void Promise.all([router.load(), cacheRestored]).finally(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppThemeProvider>
            <RouterProvider router={router} />
          </AppThemeProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  }),
);

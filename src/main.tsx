import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { startOutbox } from './api/outbox';
import { queryClient } from './api/query-client';
import { queryPersistOptions } from './api/query-persist';
import { getCurrentUser } from './api/me.queries';
import { completeGoogleRedirect, showRestoredUser, startAuth } from './features/auth/auth-session';
import { startConnectivityToasts } from './features/connectivity/connectivity-toasts';
import { syncAppBadge } from './features/notifications/app-badge';
import { AppThemeProvider } from './features/theme/AppThemeProvider';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/sw-register';
import { activateLocale, i18n } from './i18n/i18n';
import { followAccountLanguage } from './i18n/account-language';
import { whenIdle } from './lib/when-idle';
import { removePrerenderedStyles } from './prerender/prerendered-styles';
import { router } from './router';

/** Only what was restored is read again: what this page load fetched already (the route's loader) is fresh. */
function revalidateRestored(): void {
  const pageStart = performance.timeOrigin;
  // A read under way (the route loader's) is not cancelled for it: its answer is the fresh copy.
  void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < pageStart }, { cancelRefetch: false });
}

// The query cache is kept in IndexedDB for a day; a new version of the app starts afresh. What
// was restored shows in the first render, and is read again: it may be out of date.
const appVersion: unknown = import.meta.env.VITE_APP_VERSION;
const persistOptions = { ...queryPersistOptions(queryClient, typeof appVersion === 'string' ? appVersion : 'dev'), queryClient };

/**
 * Reads the saved query cache into the client, then saves the cache as it changes (what the
 * library's PersistQueryClientProvider does in an effect after the first commit, through the same
 * two functions). Read before the first render, beside the route's code, the first render shows
 * the saved feed: restored after it, every screen rendered twice, the second time with the posts
 * (docs/performance.md).
 */
async function restoreSavedQueries(): Promise<void> {
  try {
    await persistQueryClientRestore(persistOptions);
  } catch (error) {
    // The library has deleted what it could not read: the app starts with an empty cache.
    console.warn('The saved query cache could not be read', error);
  }
  // Its user's screens show at once while nobody has said yet who is signed in (an installed launch).
  const restoredUser = getCurrentUser();
  if (restoredUser) showRestoredUser(restoredUser);
  revalidateRestored();
  persistQueryClientSubscribe(persistOptions);
}

/** The app's first commit has replaced the prerendered landing: its styles go with it. */
function PrerenderReplaced() {
  useEffect(removePrerenderedStyles, []);
  return null;
}

/**
 * Starts the app in #root: on its own page (index.html, src/app.ts), and on the landing page once
 * a visitor has signed in there (src/landing/).
 */
export function startApp(): void {
  startConnectivityToasts();
  startAuth();
  void completeGoogleRedirect();
  registerServiceWorker();
  startOutbox();
  captureInstallPrompt();
  syncAppBadge(queryClient);
  followAccountLanguage(queryClient);
  // Measured from the page's start (buffered entries), reported by code that loads when idle.
  const startPath = location.pathname;
  whenIdle(() => void import('./lib/web-vitals').then(({ reportWebVitals }) => reportWebVitals(startPath)), 1000);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  // #root holds what the HTML painted (the app's skeleton, or the landing) until the first commit
  // replaces it. That commit waits for the route's code (router.load(): loaders start their reads,
  // they do not wait for them) and for the saved query cache, read meanwhile: rendered before the
  // code, it would show the router's empty Suspense fallback over the painted page. It is a
  // transition, so React renders it in slices and yields between them. The person's language is
  // loaded meanwhile too (one small catalog, precached with the app).
  const root = createRoot(container);
  const language = activateLocale().catch((error: unknown) => console.warn('The language could not be loaded', error));
  void Promise.all([restoreSavedQueries(), router.load(), language]).finally(() =>
    startTransition(() => {
      root.render(
        <StrictMode>
          <I18nProvider i18n={i18n}>
            <QueryClientProvider client={queryClient}>
              <AppThemeProvider>
                <RouterProvider router={router} />
                <PrerenderReplaced />
              </AppThemeProvider>
            </QueryClientProvider>
          </I18nProvider>
        </StrictMode>,
      );
    }),
  );
}

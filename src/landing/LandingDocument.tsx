import { useEffect, useSyncExternalStore } from 'react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nProvider } from '@lingui/react';
import type { Credentials } from '../features/auth/SignInForm';
import { LandingPage } from '../features/landing/LandingPage';
import { createColorSchemesTheme } from '../features/theme/app-theme';
import { i18n } from '../i18n/i18n';
import type { AuthState } from '../state/app.state';

const theme = createColorSchemesTheme();

/** Who the page is rendered for ahead of time: a visitor (a signed-in user gets the app's page). */
export const PRERENDERED_AUTH: AuthState = { resolved: true, uid: null, isAnonymous: false };

/** Whether the page has been hydrated never changes once it has: nothing to subscribe to. */
const noChanges = () => () => undefined;

/**
 * The page `GET /` sends to a visitor, as the build renders it into HTML (src/prerender/) and as
 * the page's script hydrates it (hydrate.tsx): the same tree in both, so hydration keeps what
 * was painted. One rendering serves light and dark: the theme's colours are CSS variables that
 * `prefers-color-scheme` switches. `onHydrated` runs once the browser has hydrated it.
 * The first render is the visitor's page, as prerendered, whoever this browser turns out to be
 * (Firebase may be reopening a session it holds): then the page renders for who is signed in, a
 * second pass (useSyncExternalStore: the server snapshot while hydrating, then the browser's).
 * Its words are the active language's (src/i18n/): the caller activates one before rendering.
 */
export function LandingDocument({
  cache,
  next,
  enter,
  typed,
  onHydrated,
}: {
  cache: EmotionCache;
  next?: string;
  enter: (href: string) => unknown;
  typed?: Credentials;
  onHydrated?: () => void;
}) {
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <I18nProvider i18n={i18n}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          <LandingPage next={next} enter={enter} typed={typed} auth={hydrated ? undefined : PRERENDERED_AUTH} />
        </ThemeProvider>
      </CacheProvider>
    </I18nProvider>
  );
}

import { useEffect } from 'react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { Credentials } from '../features/auth/SignInForm';
import { LandingPage } from '../features/landing/LandingPage';
import { createColorSchemesTheme } from '../features/theme/app-theme';

const theme = createColorSchemesTheme();

/**
 * The page `GET /` sends to a visitor, as the build renders it into HTML (src/prerender/) and as
 * the page's script hydrates it (hydrate.tsx): the same tree in both, so hydration keeps what
 * was painted. One rendering serves light and dark: the theme's colours are CSS variables that
 * `prefers-color-scheme` switches. `onHydrated` runs once the browser has hydrated it.
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
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <LandingPage next={next} enter={enter} typed={typed} />
      </ThemeProvider>
    </CacheProvider>
  );
}

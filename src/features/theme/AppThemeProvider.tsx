import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
// @mui/system's provider is what @mui/material's ThemeProvider renders for a theme without CSS
// variables (ours); importing it directly keeps the CSS-variables provider out of the entry chunk.
import { ThemeProvider } from '@mui/system';
import { useAuthState, useCurrentUser } from '../../state/app.state';
import {
  createAppTheme,
  DARK_MODE_CACHE_KEY,
  darkModeBeforeRecord,
  parseCachedDarkMode,
  resolveColorMode,
  themeColorFor,
} from './app-theme';

let systemDarkQuery: MediaQueryList | undefined;
/** One MediaQueryList for the page: React reads the snapshot on every render. */
const systemDark = (): MediaQueryList => (systemDarkQuery ??= window.matchMedia('(prefers-color-scheme: dark)'));

function subscribeToSystemScheme(onChange: () => void): () => void {
  systemDark().addEventListener('change', onChange);
  return () => systemDark().removeEventListener('change', onChange);
}

/** Whether the system asks for dark, following its changes (MUI's useMediaQuery, without its weight in the entry chunk). */
function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribeToSystemScheme, () => systemDark().matches);
}

function readCachedDarkMode(): boolean | undefined {
  try {
    return parseCachedDarkMode(localStorage.getItem(DARK_MODE_CACHE_KEY));
  } catch {
    // Storage blocked (privacy settings): the theme follows the system until the record loads.
    return undefined;
  }
}

function writeCachedDarkMode(darkMode: boolean | null): void {
  try {
    if (darkMode === null) localStorage.removeItem(DARK_MODE_CACHE_KEY);
    else localStorage.setItem(DARK_MODE_CACHE_KEY, String(darkMode));
  } catch {
    // Storage blocked or full: only the first paint of the next load can differ.
    return;
  }
}

/** Light or dark MUI theme, and a theme-color meta that follows it. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const auth = useAuthState();
  const [cached] = useState(readCachedDarkMode);
  const systemPrefersDark = useSystemPrefersDark();
  // A loaded record decides (null: no choice, the device's setting); before it, the cached choice.
  const darkMode = user ? (user.darkMode ?? undefined) : darkModeBeforeRecord(auth, cached);
  const mode = resolveColorMode(darkMode, systemPrefersDark);
  const theme = useMemo(() => createAppTheme(mode), [mode]);

  useEffect(() => {
    if (user) writeCachedDarkMode(user.darkMode);
  }, [user]);

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColorFor(mode));
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

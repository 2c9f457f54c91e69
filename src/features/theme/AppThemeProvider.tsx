import { useEffect, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ThemeProvider } from '@mui/material/styles';
import { useCurrentUser } from '../../state/app.state';
import { createAppTheme, resolveColorMode, themeColorFor } from './app-theme';

/** Light or dark MUI theme, and a theme-color meta that follows it. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const systemPrefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode = resolveColorMode(user?.darkMode, systemPrefersDark);
  const theme = useMemo(() => createAppTheme(mode), [mode]);

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

import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { BUTTON_THEME_COLOR, FONT_STACK, THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../../../core/constants';

export type ColorMode = 'light' | 'dark';

/** The browser chrome colour (`<meta name="theme-color">`) for a mode. */
export function themeColorFor(mode: ColorMode): string {
  return mode === 'dark' ? THEME_COLOR_DARK : THEME_COLOR_LIGHT;
}

/** localStorage key of the last signed-in user's darkMode, so a reload does not flash the wrong theme. */
export const DARK_MODE_CACHE_KEY = 'plop.darkMode';

export function parseCachedDarkMode(text: string | null): boolean | undefined {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return undefined;
}

/**
 * The darkMode to use before the user record arrives: the cached one while someone is (or
 * may still turn out to be) signed in; nothing for a signed-out visitor, who gets the system's.
 */
export function darkModeBeforeRecord(auth: { resolved: boolean; uid: string | null }, cached: boolean | undefined): boolean | undefined {
  return !auth.resolved || auth.uid !== null ? cached : undefined;
}

/** The user's saved choice once their record is loaded, else the system preference. */
export function resolveColorMode(userDarkMode: boolean | undefined, systemPrefersDark: boolean): ColorMode {
  const dark = userDarkMode ?? systemPrefersDark;
  return dark ? 'dark' : 'light';
}

/**
 * Accessible shades of the spec's button colour (#C66427, which reaches only 4.0:1 with white):
 * the button keeps it, with dark text on it (4.5:1 and more); text and icons in the brand colour
 * use a darker shade on light backgrounds and a lighter one on dark (over 5:1 on the page and paper).
 */
export const ON_BUTTON_TEXT_COLOR = '#140C08';
export const BRAND_TEXT_ON_LIGHT = '#A0501E';
export const BRAND_TEXT_ON_DARK = '#E8996A';

/** The brand colour for text and icons on this mode's backgrounds. */
export function brandTextColor(mode: ColorMode): string {
  return mode === 'dark' ? BRAND_TEXT_ON_DARK : BRAND_TEXT_ON_LIGHT;
}

/** A mode's colours: the spec's backgrounds and the readable shade of the brand colour. */
function paletteFor(mode: ColorMode) {
  return {
    primary: { main: brandTextColor(mode), contrastText: mode === 'dark' ? ON_BUTTON_TEXT_COLOR : '#FFFFFF' },
    background: mode === 'dark' ? { default: THEME_COLOR_DARK, paper: '#2A1F19' } : { default: THEME_COLOR_LIGHT, paper: '#FFFFFF' },
  };
}

/** Everything but the colours; `brandText` is the primary colour (a value, or the CSS variable that holds it). */
function themeOptions(brandText: string): ThemeOptions {
  // primary.main is what MUI paints text, icons, focused labels and selected tabs with, so it is
  // the readable shade; what is filled with the brand colour is given #C66427 back below.
  const filled = { backgroundColor: BUTTON_THEME_COLOR, color: ON_BUTTON_TEXT_COLOR };
  return {
    typography: { fontFamily: FONT_STACK },
    shape: { borderRadius: 12 },
    components: {
      MuiButton: {
        styleOverrides: {
          root: { textTransform: 'none', fontWeight: 600 },
          containedPrimary: { ...filled, '&:hover': { backgroundColor: '#B5581F' } },
        },
      },
      // Sentence case, as written ('Most liked'), not MUI's capitals (issue 42).
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      MuiFab: { styleOverrides: { primary: { ...filled, '&:hover': { backgroundColor: '#B5581F' } } } },
      MuiBadge: { styleOverrides: { colorPrimary: filled } },
      MuiChip: { styleOverrides: { filledPrimary: filled } },
      // Keyboard users must always see where focus is (MUI only ripples by default).
      MuiButtonBase: {
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': { outline: `3px solid ${brandText}`, outlineOffset: 2 },
          },
        },
      },
    },
  };
}

/** The app's theme in one mode (the user's choice, or the system's). */
export function createAppTheme(mode: ColorMode): Theme {
  return createTheme({ ...themeOptions(brandTextColor(mode)), palette: { mode, ...paletteFor(mode) } });
}

/**
 * Both modes in one theme, as CSS variables that `prefers-color-scheme` switches: what renders
 * once at build into HTML that is right in light and in dark (the prerendered landing).
 */
export function createColorSchemesTheme(): Theme {
  return createTheme({
    ...themeOptions('var(--mui-palette-primary-main)'),
    cssVariables: { colorSchemeSelector: 'media' },
    colorSchemes: { light: { palette: paletteFor('light') }, dark: { palette: paletteFor('dark') } },
  });
}

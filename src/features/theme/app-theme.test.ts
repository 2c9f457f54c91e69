import { describe, expect, it } from 'vitest';
import { BUTTON_THEME_COLOR, THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../../../core/constants';
import {
  BRAND_TEXT_ON_DARK,
  BRAND_TEXT_ON_LIGHT,
  ON_BUTTON_TEXT_COLOR,
  createAppTheme,
  darkModeBeforeRecord,
  parseCachedDarkMode,
  resolveColorMode,
  themeColorFor,
} from './app-theme';

/** WCAG 2 contrast ratio of two #RRGGBB colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('resolveColorMode', () => {
  it('follows the system until the user record is loaded', () => {
    expect(resolveColorMode(undefined, true)).toBe('dark');
    expect(resolveColorMode(undefined, false)).toBe('light');
  });

  it("prefers the user's darkMode once loaded", () => {
    expect(resolveColorMode(false, true)).toBe('light');
    expect(resolveColorMode(true, false)).toBe('dark');
  });
});

describe('theme', () => {
  it('fills buttons with the spec colour #C66427 and dark text reaching 4.5:1', () => {
    expect(BUTTON_THEME_COLOR).toBe('#C66427');
    expect(contrast(BUTTON_THEME_COLOR, ON_BUTTON_TEXT_COLOR)).toBeGreaterThanOrEqual(4.5);
    for (const mode of ['light', 'dark'] as const) {
      const overrides = createAppTheme(mode).components?.MuiButton?.styleOverrides as {
        containedPrimary: { backgroundColor: string; color: string };
      };
      expect(overrides.containedPrimary).toMatchObject({ backgroundColor: BUTTON_THEME_COLOR, color: ON_BUTTON_TEXT_COLOR });
    }
  });

  it('writes brand-coloured text in a shade readable on the page and on paper in both modes', () => {
    for (const background of [THEME_COLOR_LIGHT, '#FFFFFF']) expect(contrast(BRAND_TEXT_ON_LIGHT, background)).toBeGreaterThanOrEqual(4.5);
    for (const background of [THEME_COLOR_DARK, '#2A1F19']) expect(contrast(BRAND_TEXT_ON_DARK, background)).toBeGreaterThanOrEqual(4.5);
    expect(createAppTheme('light').palette.primary.main).toBe(BRAND_TEXT_ON_LIGHT);
    expect(createAppTheme('dark').palette.primary.main).toBe(BRAND_TEXT_ON_DARK);
    const light = createAppTheme('light').palette.primary;
    const dark = createAppTheme('dark').palette.primary;
    expect(contrast(light.main, light.contrastText)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark.main, dark.contrastText)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives the theme-color meta a colour per mode', () => {
    expect(themeColorFor('light')).toBe(THEME_COLOR_LIGHT);
    expect(themeColorFor('dark')).toBe(THEME_COLOR_DARK);
  });
});

describe('darkModeBeforeRecord', () => {
  it('uses the cached choice while the auth state is unknown or someone is signed in', () => {
    expect(darkModeBeforeRecord({ resolved: false, uid: null }, true)).toBe(true);
    expect(darkModeBeforeRecord({ resolved: true, uid: 'u1' }, false)).toBe(false);
  });

  it('ignores it for a signed-out visitor', () => {
    expect(darkModeBeforeRecord({ resolved: true, uid: null }, true)).toBeUndefined();
  });
});

describe('parseCachedDarkMode', () => {
  it.each([
    ['true', true],
    ['false', false],
    [null, undefined],
    ['yes', undefined],
  ] as const)('reads %j as %j', (text, value) => {
    expect(parseCachedDarkMode(text)).toBe(value);
  });
});

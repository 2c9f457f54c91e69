import { describe, expect, it } from 'vitest';
import { BUTTON_THEME_COLOR, THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../../../core/constants';
import { createAppTheme, resolveColorMode, themeColorFor } from './app-theme';

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
  it('uses the button colour as primary in both modes', () => {
    expect(createAppTheme('light').palette.primary.main).toBe(BUTTON_THEME_COLOR);
    expect(createAppTheme('dark').palette.primary.main).toBe(BUTTON_THEME_COLOR);
  });

  it('gives the theme-color meta a colour per mode', () => {
    expect(themeColorFor('light')).toBe(THEME_COLOR_LIGHT);
    expect(themeColorFor('dark')).toBe(THEME_COLOR_DARK);
  });
});

import { describe, expect, it } from 'vitest';
import { BUTTON_THEME_COLOR, THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../../../core/constants';
import { createAppTheme, darkModeBeforeRecord, parseCachedDarkMode, resolveColorMode, themeColorFor } from './app-theme';

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

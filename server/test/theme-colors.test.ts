import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_COLOR_LIGHT } from '../../core/constants';

// The install dialog and the splash screen read the manifest's colours, the pages read core's
// (vite.config.ts puts them in the HTML): both must be the same colour, or the app flashes.
describe('public/manifest.webmanifest', () => {
  const manifest = JSON.parse(readFileSync(new URL('../../public/manifest.webmanifest', import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

  it.each(['theme_color', 'background_color'])('has THEME_COLOR_LIGHT as its %s', (key) => {
    expect(manifest[key]).toBe(THEME_COLOR_LIGHT);
  });
});

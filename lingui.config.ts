import { defineConfig } from '@lingui/cli';

/**
 * The app's languages (issue 62): English is the source, Italian the first translation. The
 * catalogs are PO files, one folder per locale; `npm run i18n:extract` refreshes them from the
 * code and the Vite plugin compiles the active one at build time (src/i18n/i18n.ts loads it).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'it'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/core/push-words.ts', '<rootDir>/core/achievement-words.ts'],
    },
  ],
});

import { configDefaults, defineConfig } from 'vitest/config';
import { linguiPlugins } from './lingui-build';

export default defineConfig({
  test: {
    // Two cores: files run in parallel, each server test file on its own database.
    maxWorkers: 2,
    projects: [
      {
        plugins: linguiPlugins(),
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'src/**/*.test.ts', 'sw/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Components rendered with Testing Library in jsdom; the network is stubbed at `fetch`.
        plugins: linguiPlugins(),
        test: {
          name: 'component',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/component-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // What only PostgreSQL has (server connections to kill, LISTEN): run on it alone, so the
          // PGlite run lists no skipped test.
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['server/**/*.postgres.test.ts'])],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // A test's first step builds an app on a new database (PGlite: some seconds) and signs in
          // through the Auth emulator; on a busy two-core machine that alone took over 30 s once.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

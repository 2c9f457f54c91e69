import { defineConfig, devices } from '@playwright/test';
import { E2E_WORKERS, ownStack, stack } from './e2e/stacks';

// One stack per worker (e2e/stacks.ts): the runner starts them all below; each worker process
// loads this file again with its own TEST_PARALLEL_INDEX, so `baseURL` is its own stack's.
const stacks = Array.from({ length: E2E_WORKERS }, (_, index) => stack(index));

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  // At most one retry, in CI only; scripts/test.mjs lists by name every test that needed it.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: ownStack().baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Pixel 7'], browserName: 'chromium' } }],
  webServer: stacks.map(({ port, authEmulatorPort, stripePort, baseURL, dataDir }) => ({
    command: 'node scripts/start.mjs --fresh',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      AUTH_EMULATOR_PORT: String(authEmulatorPort),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      // Moderation (issue 24): the three reviewers of e2e/moderation.spec.ts (stage 1, 2, 3).
      REVIEWER_EMAILS: 'reviewer1@plop-e2e.test,reviewer2@plop-e2e.test,reviewer3@plop-e2e.test',
      // Premium and chat (issue 25): Stripe's API is a stand-in that e2e/premium-chat.spec.ts runs
      // on the stack's next port; other specs never reach it (the premium page then shows no price).
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PRICE_ID: 'price_test_premium',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_e2e',
      STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
    },
  })),
});

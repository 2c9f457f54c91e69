import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 3100);
const AUTH_EMULATOR_PORT = Number(process.env.E2E_AUTH_EMULATOR_PORT || 9199);
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Pixel 7'], browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/start.mjs --fresh',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PUBLIC_URL: baseURL,
      DATA_DIR: `.data-e2e/${PORT}`,
      AUTH_EMULATOR_PORT: String(AUTH_EMULATOR_PORT),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      // Moderation (issue 24): the three reviewers of e2e/moderation.spec.ts (stage 1, 2, 3).
      REVIEWER_EMAILS: 'reviewer1@plop-e2e.test,reviewer2@plop-e2e.test,reviewer3@plop-e2e.test',
      // Premium and chat (issue 25): Stripe's API is a stand-in that e2e/premium-chat.spec.ts runs
      // on the next port; other specs never reach it (the premium page then shows no price).
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PRICE_ID: 'price_test_premium',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_e2e',
      STRIPE_API_URL: `http://127.0.0.1:${PORT + 1}`,
    },
  },
});

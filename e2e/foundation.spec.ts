import { expect, test } from '@playwright/test';
import { register } from './support';

test('a new user registers with e-mail and password and lands in the app', async ({ page }) => {
  await register(page);
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await expect(page.getByRole('button', { name: /leaderboard/i })).toBeVisible();
  await expect(page.getByRole('button', { name: /chat/i })).toBeVisible();
  await expect(page.getByRole('button', { name: /notifications/i })).toBeVisible();
  await expect(page.getByText('New', { exact: true })).toBeVisible();
  await expect(page.getByText('Pro', { exact: true })).toBeVisible();
});

test('an anonymous visit to /root/leaderboard is sent to the landing page', async ({ page }) => {
  await page.goto('/root/leaderboard');
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('next') === '/root/leaderboard');
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('an unknown route shows Not Found', async ({ page }) => {
  await page.goto('/nowhere');
  await expect(page.getByText('Not Found')).toBeVisible();
});

test('/oauthredirect without a token says so', async ({ page }) => {
  await page.goto('/oauthredirect');
  await expect(page.getByText('No token found.')).toBeVisible();
});

test('after one online visit the app shell loads with the network off', async ({ page, context }) => {
  await register(page);
  // The worker precaches the shell on install; wait until it is active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
  // One offline signal: the note heading the screen (the 'You are offline.' toast waits for a write).
  await expect(page.getByText('Offline — showing saved content')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Offline — showing saved content')).toBeHidden();
});

test('the API answers unknown /api routes with JSON, not the app', async ({ request }) => {
  const res = await request.get('/api/nothing-here');
  expect(res.status()).toBe(404);
  const body = (await res.json()) as { error: { code: string } };
  expect(body.error.code).toBe('not_found');
});

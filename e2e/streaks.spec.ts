import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createPost, openAccount, register } from './support';

/**
 * Daily streaks and offline posts that keep their time (issue 22, items 8 and 9): a streak counts
 * days, not posts, and a post made offline is dated when it was made, not when it synced.
 */

const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A figure of the profile on the account screen, e.g. 'Current Streak'. */
function profileStat(page: Page, label: string) {
  return page.getByRole('region', { name: 'Your profile' }).getByText(label, { exact: true }).locator('xpath=preceding-sibling::*[1]');
}

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**');
  await context.setOffline(false);
}

test('three posts in a row make a one-day streak, not three', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page);
  for (const prefix of ['Morning', 'Noon', 'Evening']) {
    const title = uniqueTitle(prefix);
    await createPost(page, title);
    await expect(page.getByRole('feed', { name: 'For you' }).getByRole('article', { name: title })).toBeVisible();
  }
  await openAccount(page);
  await expect(profileStat(page, 'Current Streak')).toHaveText('1');
  await expect(profileStat(page, 'Longest Streak')).toHaveText('1');
});

test('a post made offline keeps the time it was made, not the time it synced', async ({ page, context }) => {
  test.setTimeout(120_000);
  await register(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await goOffline(context);
  const title = uniqueTitle('Made offline');
  const before = Date.now();
  await createPost(page, title);
  const made = Date.now();
  await expect(page.getByRole('article', { name: title }).getByText('Waiting for connection')).toBeVisible();
  // The post waits a while before the network is back (a morning post synced in the evening, in small).
  await page.waitForTimeout(4_000);
  const online = Date.now();
  await goOnline(context);
  const card = page.getByRole('feed', { name: 'For you' }).getByRole('article', { name: title });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('Waiting for connection')).toHaveCount(0);

  const body = (await (await page.request.get('/api/poops/feed')).json()) as {
    poops: Array<{ title: string; createdDate: string; modifiedDate: string }>;
  };
  const poop = body.poops.find((entry) => entry.title === title);
  expect(poop).toBeDefined();
  const createdAt = new Date(poop!.createdDate).getTime();
  expect(createdAt).toBeGreaterThanOrEqual(before);
  expect(createdAt).toBeLessThanOrEqual(made);
  expect(createdAt).toBeLessThan(online);
  expect(poop!.modifiedDate).toBe(poop!.createdDate);
});

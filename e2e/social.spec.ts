import { expect, test, type Browser, type Page } from '@playwright/test';
import { openAccount, profileName, register } from './support';

/** A second person in their own browser context (same device profile). */
async function otherPerson(browser: Browser) {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  return { context, page: await context.newPage() };
}

/** The signed-in user's name and uid, as the account screen and the API know them. */
async function whoAmI(page: Page): Promise<{ username: string; uid: string }> {
  await openAccount(page);
  const username = (await profileName(page).textContent())?.trim() ?? '';
  const me = await page.request.get('/api/me');
  const uid = ((await me.json()) as { user: { uid: string } }).user.uid;
  return { username, uid };
}

async function openTab(page: Page, name: 'Home' | 'Find' | 'Account') {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
}

test('A finds B by the first letters of their name and follows them; B sees the badge rise and opens A', async ({ page, browser }) => {
  await register(page);
  const alice = await whoAmI(page);
  const other = await otherPerson(browser);
  try {
    const bobPage = other.page;
    await register(bobPage);
    const bob = await whoAmI(bobPage);
    await openTab(bobPage, 'Home');
    const bell = bobPage.getByRole('button', { name: 'Notifications' });
    await expect(bell).toBeVisible();

    // A searches by the first letters, lowercased, and opens B's page.
    await openTab(page, 'Find');
    await expect(page.getByRole('heading', { name: 'Find', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(bob.username.slice(0, 8).toLowerCase());
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('link', { name: bob.username }).click();
    await expect(page).toHaveURL(new RegExp(`/root/user/${bob.uid}$`));
    await expect(page.getByRole('heading', { name: bob.username, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: '0 followers' })).toBeVisible();

    // Follow: the count changes at once, and the server agrees.
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByRole('link', { name: '1 follower', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unfollow', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: '1 follower', exact: true })).toBeVisible();

    // B's badge rises without a reload; the entry opens A's page.
    await expect(bell).toContainText('1', { timeout: 20_000 });
    await bell.click();
    await expect(bobPage.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const entry = bobPage.getByRole('link', { name: new RegExp(`${alice.username} started following you`) });
    await expect(entry).toContainText(/Now|second/);
    await entry.click();
    await expect(bobPage).toHaveURL(new RegExp(`/root/user/${alice.uid}$`));
    await expect(bobPage.getByRole('heading', { name: alice.username, level: 1 })).toBeVisible();

    // B's followers list shows A.
    await bobPage.goto(`/root/account/followers/${bob.uid}`);
    await expect(bobPage.getByRole('list', { name: 'Followers' }).getByRole('link', { name: alice.username })).toBeVisible();
  } finally {
    await other.context.close();
  }
});

test('the leaderboard shows both lists with the spec texts, and a row opens the user page', async ({ page }) => {
  await register(page);
  const me = await whoAmI(page);
  await openTab(page, 'Home');
  await page.getByRole('button', { name: 'Leaderboard' }).click();
  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
  await expect(page.getByText("See who's on top 100 of the leaderboard!")).toBeVisible();
  const current = page.getByRole('list', { name: 'Best Current Streaks' });
  const longest = page.getByRole('list', { name: 'Best Longest Streaks' });
  await expect(page.getByRole('heading', { name: 'Best Current Streaks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Best Longest Streaks' })).toBeVisible();
  await expect(current.getByText('Current Streak').first()).toBeVisible();
  await expect(longest.getByText('Longest Streak').first()).toBeVisible();

  const row = current.getByRole('link').first();
  const name = (await row.textContent()) ?? '';
  await row.click();
  await expect(page).toHaveURL(/\/root\/user\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(name.length).toBeGreaterThan(0);
  expect(me.uid.length).toBeGreaterThan(0);
});

test('your own page shows your stats chart with its text alternative', async ({ page }) => {
  await register(page);
  const me = await whoAmI(page);
  await page.goto(`/root/user/${me.uid}`);
  await expect(page.getByRole('heading', { name: me.username, level: 1 })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Your stats' });
  await expect(stats).toBeVisible();
  await expect(stats.getByText('No posts in the last 90 days.')).toBeVisible();
  await expect(stats.locator('svg').first()).toBeVisible();
  await expect(stats.getByRole('img', { name: 'Posting calendar' })).toBeVisible();
  await expect(stats.getByRole('table', { name: 'Posts by type' })).toBeVisible();
});

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../core/constants';
import { MESSAGES } from '../core/messages';
import { holdAppCode, recordTakeOver, register, takeOverRecord, uniqueEmail } from './support';

/** '#FFF8F3' as getComputedStyle writes it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the landing and its sign-in form paint from one HTML in the system's colours, before any script (${colorScheme} system)`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    // No script at all: what shows is the HTML and its CSS alone.
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Plop', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in or sign up' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try it first' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      rgb(colorScheme === 'dark' ? THEME_COLOR_DARK : THEME_COLOR_LIGHT),
    );
  });
}

test("the landing runs none of the app's code: Firebase loads when the form is first used, keeping what was typed, and the app starts once signed in", async ({
  page,
}) => {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const firebase = `/${manifest['src/features/auth/firebase-session.ts']!.file}`;
  // The app's entry (index.html's) and the file of its start code (vite.config.ts, the 'app' group).
  const appCode = /\/assets\/(index|app)-[\w-]+\.js$/;
  const fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === firebase || appCode.test(pathname)) fetched.push(pathname);
  });
  await recordTakeOver(page);

  await page.goto('/');
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  // Typing starts it: Firebase loads, and the form keeps the field, its focus and its text.
  const address = uniqueEmail('landing');
  const firebaseLoaded = page.waitForRequest((request) => new URL(request.url()).pathname === firebase);
  await email.click();
  await email.pressSequentially(address.slice(0, 6));
  await firebaseLoaded;
  await email.pressSequentially(address.slice(6));
  await expect(email).toHaveValue(address);
  await expect(email).toBeFocused();
  expect(fetched.some((file) => appCode.test(file))).toBe(false);

  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/root\/?$/);
  await expect(page.getByText(MESSAGES.loggedIn)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
  expect(fetched.some((file) => appCode.test(file))).toBe(true);
  // The landing's styles went with it: what shows is styled by the app alone, with no blank frame between.
  await expect(page.locator('style[data-emotion^="landing"]')).toHaveCount(0);
  expect((await takeOverRecord(page)).rootEmptied).toBe(false);
});

test("the app's other pages paint its skeleton, with the app's name in the top bar, from the HTML before any script", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const release = await holdAppCode(page);

  await page.goto('/root', { waitUntil: 'commit' });
  const skeleton = page.getByRole('progressbar', { name: 'Loading Plop' });
  await expect(skeleton).toBeVisible();
  await expect(skeleton.getByText('Plop', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(rgb(THEME_COLOR_DARK));

  release();
  // Signed out, the app sends the visitor to the landing, which replaces the skeleton.
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});

test('a browser whose session ended while Firebase still holds the user: the landing hydrates cleanly, then offers to open the app', async ({
  page,
  context,
}) => {
  await register(page);
  // The server's session is gone (expired, or its cookie cleared); Firebase's user is still in this browser.
  await context.clearCookies();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the app' })).toBeVisible();
  expect(errors).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../core/constants';
import { holdAppCode, recordTakeOver, takeOverRecord } from './support';

/** '#FFF8F3' as getComputedStyle writes it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the landing paints from one HTML in the system's colours, and the app takes it over without a shift (${colorScheme} system)`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await recordTakeOver(page);
    // Hold the app's code back: until it is released, what shows is the HTML alone.
    const release = await holdAppCode(page);
    const background = rgb(colorScheme === 'dark' ? THEME_COLOR_DARK : THEME_COLOR_LIGHT);
    const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Plop', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in or sign up' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Checking whether you are signed in' })).toBeVisible();
    expect(await bodyBackground()).toBe(background);

    release();
    // The app's own landing: the sign-in form once the auth state is known.
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in or sign up' })).toBeVisible();
    // The prerender's own styles went with it: what shows is styled by the app alone.
    await expect(page.locator('style[data-emotion^="landing"]')).toHaveCount(0);
    expect(await bodyBackground()).toBe(background);
    expect(await takeOverRecord(page)).toEqual({ layoutShift: 0, rootEmptied: false });
  });
}

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

test("the app's pages fetch the signed-in screens' code with the page, and the landing never does", async ({ page }) => {
  // The chunk only signed-in screens use (vite.config.ts: the signed-in shell's chunks).
  const signedInCode = /\/assets\/signed-in-legacy-[\w-]+\.js$/;
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (signedInCode.test(request.url())) fetched.push(request.url());
  });
  const release = await holdAppCode(page);

  // Signed out at the landing: the way in shows, and nothing of the signed-in screens was fetched.
  await page.goto('/', { waitUntil: 'commit' });
  release();
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(fetched).toEqual([]);

  // An app page asks for that code from its HTML, while the app's own code is still held back.
  const held = await holdAppCode(page);
  const asked = page.waitForRequest(signedInCode);
  await page.goto('/root', { waitUntil: 'commit' });
  await asked;
  await expect(page.getByRole('progressbar', { name: 'Loading Plop' })).toBeVisible();
  held();
});

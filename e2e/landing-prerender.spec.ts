import { readFileSync } from 'node:fs';
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

test("the landing never fetches the signed-in screens' code", async ({ page }) => {
  // The signed-in layout's and the feed's own chunks, as the build's manifest names them.
  const FEED_SCREEN = ['src/routes/root/route.tsx?tsr-split=component', 'src/routes/root/index.tsx?tsr-split=component'];
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const signedInCode = new Set(FEED_SCREEN.map((key) => `/${manifest[key]!.file}`));
  expect(signedInCode.size).toBe(2);
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (signedInCode.has(new URL(request.url()).pathname)) fetched.push(request.url());
  });

  await page.goto('/');
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(fetched).toEqual([]);
});

import { expect, test, type Page } from '@playwright/test';
import { THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../core/constants';

type TakeOver = { layoutShift: number; rootEmptied: boolean };

/**
 * Sums the page's layout shifts from its start, as CLS does (shifts right after input do not
 * count), and notes whether #root was ever left empty (a blank frame between prerender and app).
 */
async function recordTakeOver(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = globalThis as unknown as TakeOver;
    record.layoutShift = 0;
    record.rootEmptied = false;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) record.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // 'interactive': the HTML is parsed and the app's module has not run yet.
    document.addEventListener('readystatechange', () => {
      const root = document.getElementById('root');
      if (document.readyState !== 'interactive' || !root) return;
      new MutationObserver(() => {
        if (root.childElementCount === 0) record.rootEmptied = true;
      }).observe(root, { childList: true });
    });
  });
}

/** '#FFF8F3' as getComputedStyle writes it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the landing paints from the HTML, and the app takes it over without a shift (${colorScheme} system)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await recordTakeOver(page);
    // Hold the app's code back: until it is released, what shows is the HTML alone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
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
    expect(await page.locator('.plop-prerender').count()).toBe(0);
    expect(await bodyBackground()).toBe(background);
    const takeOver = await page.evaluate(() => {
      const { layoutShift, rootEmptied } = globalThis as unknown as TakeOver;
      return { layoutShift, rootEmptied };
    });
    expect(takeOver).toEqual({ layoutShift: 0, rootEmptied: false });
  });
}

import { expect, test } from '@playwright/test';
import { THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../core/constants';
import { openAccount, register } from './support';

/** '#1C1410' as getComputedStyle writes it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test.describe('a new account follows the device', () => {
  test.use({ colorScheme: 'dark' });

  test('a phone set to dark signs up, and the app is dark, after a reload too, until the user chooses light', async ({ page }) => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await register(page);
    expect(await background()).toBe(rgb(THEME_COLOR_DARK));
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', THEME_COLOR_DARK);

    // The user record says nothing about the theme: a reload, with the record loaded, stays dark.
    const me = await page.request.get('/api/me');
    expect((await me.json()).user.darkMode).toBeNull();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
    expect(await background()).toBe(rgb(THEME_COLOR_DARK));

    // The switch shows what the device gives; turning it off is a choice, kept on the account.
    await openAccount(page);
    const darkMode = page.getByLabel('Dark mode', { exact: true });
    await expect(darkMode).toBeChecked();
    await darkMode.click();
    await expect(darkMode).not.toBeChecked();
    await expect.poll(background).toBe(rgb(THEME_COLOR_LIGHT));
    await expect.poll(async () => (await (await page.request.get('/api/me')).json()).user.darkMode).toBe(false);
  });
});

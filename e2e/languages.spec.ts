import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support';

test.describe('a phone set to Italian', () => {
  test.use({ locale: 'it-IT' });

  test('reads the app in Italian, and a language chosen in Settings applies at once and stays after a reload', async ({ page }) => {
    // Signing up on the landing, which speaks Italian too (e2e/languages-first.spec.ts).
    await page.goto('/');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Continua', exact: true }).click();
    await expect(page).toHaveURL(/\/root\/?$/);
    const nav = page.getByRole('navigation', { name: 'Principale' });
    for (const tab of ['Home', 'Mappa', 'Crea', 'Cerca', 'Account']) await expect(nav.getByRole('link', { name: tab })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');

    await nav.getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { name: 'Impostazioni' })).toBeVisible();
    await expect(page.getByLabel('Tema scuro', { exact: true })).toBeVisible();

    // Help's answers are in Italian too, the map's privacy and the place names' among them.
    await page.goto('/root/account/help');
    await expect(page.getByRole('heading', { name: 'Chi può vedere dove ho pubblicato?' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Da dove vengono i nomi dei luoghi?' })).toBeVisible();
    await expect(page.getByText('Who can see where I posted?')).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Impostazioni' })).toBeVisible();

    // English, chosen on this device: every translated screen changes without a reload.
    await page.getByRole('combobox', { name: 'Lingua' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

    // Back to the device's language.
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Device language' }).click();
    await expect(page.getByRole('heading', { name: 'Impostazioni' })).toBeVisible();
  });
});

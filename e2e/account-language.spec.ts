import { expect, test } from '@playwright/test';
import { openAccount, register, submitEmailForm } from './support';

test('a language chosen in Account follows the person to another device', async ({ browser }) => {
  // The first device speaks English; Italiano is chosen in Account.
  const first = await browser.newContext({ locale: 'en-US' });
  const phone = await first.newPage();
  const email = await register(phone);
  await openAccount(phone);
  await phone.getByRole('combobox', { name: 'Language' }).click();
  await phone.getByRole('option', { name: 'Italiano' }).click();
  await expect(phone.getByRole('heading', { name: 'Impostazioni' })).toBeVisible();
  // Kept on the account, not only on this device: the server has it before the next device asks.
  await expect
    .poll(async () => (await phone.request.get('/api/me')).json().then((body: { user: { language: string | null } }) => body.user.language))
    .toBe('it');

  // A second device, English too, that never chose: signing in there shows Italian.
  const second = await browser.newContext({ locale: 'en-US' });
  const laptop = await second.newPage();
  await laptop.goto('/');
  await submitEmailForm(laptop, email, 'secret123');
  await expect(laptop).toHaveURL(/\/root\/?$/);
  await expect(laptop.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Mappa' })).toBeVisible();
  await expect(laptop.locator('html')).toHaveAttribute('lang', 'it');
  // And it stays after a reload (the device keeps it for its first paint).
  await laptop.reload();
  await expect(laptop.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Mappa' })).toBeVisible();

  await first.close();
  await second.close();
});

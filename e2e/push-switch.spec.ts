import { expect, test } from '@playwright/test';
import { openAccount, register } from './support';

// The texts of src/features/push/push.text.ts that can end turning Notifications on here: headless
// Chromium may or may not reach a push service, so success and a clear failure are both fine.
const OUTCOMES = [
  'Notifications are on for this device.',
  'Could not turn on push notifications on this device.',
  'The server did not confirm this device for push notifications.',
  "The browser's push service did not answer within 10 seconds",
];

/**
 * Turning the Notifications switch on (permission granted) saves the setting and either
 * subscribes this device or says clearly why not; it never crashes. Turning it off saves too.
 */
test('the Notifications switch subscribes this device or says why not', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await register(page);
  await openAccount(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  const notifications = page.getByRole('switch', { name: 'Notifications' });
  await expect(notifications).not.toBeChecked();
  await notifications.click();
  const toast = page
    .getByRole('alert')
    .or(page.getByRole('status'))
    .filter({ hasText: new RegExp(OUTCOMES.map(escape).join('|')) });
  await expect(toast.first()).toBeVisible({ timeout: 20_000 });
  const outcome = (await toast.first().textContent()) ?? '';
  test.info().annotations.push({ type: 'push outcome', description: outcome });
  await expect(notifications).toBeEnabled();
  if (!outcome.includes(OUTCOMES[0]!)) {
    // This device is not subscribed: the switch reads off, and so does the saved setting.
    await expect(notifications).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Notifications' })).not.toBeChecked();
    expect(errors).toEqual([]);
    return;
  }
  await expect(notifications).toBeChecked();

  // The setting was saved: it survives a reload.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Notifications' })).toBeChecked();

  await page.getByRole('switch', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Notifications' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Notifications' })).toBeEnabled();
  await expect(page.getByText('Could not turn off push notifications on this device.')).toHaveCount(0);
  expect(errors).toEqual([]);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { MESSAGES } from '../core/messages';
import { openAccount, register, uniqueEmail, waitForWorker } from './support';

/**
 * Clear feedback (issue 22, items 5 and 7): form errors on the field, toasts of a form replacing
 * each other and never arriving after it succeeded; one offline signal; the outbox sheet in words.
 */

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });
/** A toast (errors and warnings are alerts). */
const toastAlert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**', (route) => route.abort('internetdisconnected'));
}

test('sign-up errors show on the field, focused, and an earlier warning never shows after success', async ({ page }) => {
  await page.goto('/');
  const email = page.getByLabel('Email', { exact: true });
  const password = page.getByLabel('Password', { exact: true });
  await email.fill('ab');
  await password.fill('123');
  await continueButton(page).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(MESSAGES.invalidEmail);
  await expect(email).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(MESSAGES.shortPassword);
  // Once, where it belongs: on the field, not as a toast too (issue 42).
  await expect(toastAlert(page, MESSAGES.invalidEmail)).toHaveCount(0);

  // Typing clears the field's error; the next attempt shows the one left.
  await email.fill(uniqueEmail('feedback'));
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await continueButton(page).click();
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(MESSAGES.shortPassword);
  await expect(toastAlert(page, MESSAGES.shortPassword)).toHaveCount(0);

  await password.fill('secret123');
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/root\/?$/);
  await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
  // Longer than a toast's turn: the stale warnings never arrive in the feed.
  const deadline = Date.now() + 4_000;
  while (Date.now() < deadline) {
    await expect(page.getByText(MESSAGES.shortPassword)).toHaveCount(0);
    await expect(page.getByText(MESSAGES.invalidEmail)).toHaveCount(0);
    await page.waitForTimeout(250);
  }
});

test('going offline says so once, a write made offline shows no red toast, and the outbox sheet says why each write waits', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const other = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const otherPage = await other.newPage();
    await register(otherPage);
    const { user } = (await (await otherPage.request.get('/api/me')).json()) as { user: { uid: string; username: string } };

    await register(page);
    // Offline-first needs the worker in control (it holds the app's code, the toast's included).
    await page.goto(`/root/user/${user.uid}`);
    await waitForWorker(page);
    await expect(page.getByRole('heading', { name: user.username, level: 1 })).toBeVisible();
    const follow = page.getByRole('button', { name: 'Follow', exact: true });
    await expect(follow).toBeEnabled();

    await goOffline(context);
    await expect(page.getByText('Offline — showing saved content')).toBeVisible();
    // The change to offline: the spec's toast, once; the write made offline adds no red toast (its chip says it).
    await expect(toastAlert(page, MESSAGES.offline)).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toHaveCount(0);
    await follow.click();
    await expect(page.getByRole('button', { name: '1 item waiting to be sent' })).toBeVisible();
    await expect(toastAlert(page, MESSAGES.offline)).toHaveCount(1);

    const chip = page.getByRole('button', { name: '1 item waiting to be sent' });
    const sheet = page.getByRole('dialog', { name: '1 item is not sent yet' });
    const state = sheet.getByRole('listitem').filter({ hasText: 'Follow' });
    await chip.click();
    await expect(state).toContainText('Waiting for connection');
    await sheet.getByRole('button', { name: 'Close' }).click();

    // Back online, but the follow cannot get through yet: the sheet says when it is tried again.
    await context.route('**/api/users/*/follow', (route) => route.abort('internetdisconnected'));
    await context.unroute('**');
    await context.setOffline(false);
    await chip.click();
    await expect(state).toContainText(/Will try again in \d+ s/, { timeout: 20_000 });
    await expect(sheet).not.toContainText('Failed');

    // The server answers, but refuses for now: its reason, in words.
    await context.unroute('**/api/users/*/follow');
    await context.route('**/api/users/*/follow', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Down for maintenance.' } }),
      }),
    );
    await expect(state).toContainText('Refused by the server: Down for maintenance.', { timeout: 20_000 });

    // Then it goes through, once.
    await context.unroute('**/api/users/*/follow');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toBeHidden();
    await expect(chip).toBeHidden({ timeout: 45_000 });
    await expect(page.getByRole('button', { name: 'Unfollow', exact: true })).not.toHaveAccessibleDescription('Waiting for connection');
    const followers = (await (await otherPage.request.get(`/api/users/${user.uid}/followers`)).json()) as { users: unknown[] };
    expect(followers.users).toHaveLength(1);
  } finally {
    await other.close();
  }
});

test('turning Notifications on when the push service cannot be reached says so in about 10 s and leaves the switch off', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  // The browser's push service never answers (a firewall, no Google services): subscribing hangs.
  await context.addInitScript(() => {
    PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => undefined);
  });
  await register(page);
  await openAccount(page);
  const notifications = page.getByRole('switch', { name: 'Notifications' });
  await expect(notifications).not.toBeChecked();
  await notifications.click();
  await expect(toastAlert(page, "The browser's push service did not answer within 10 seconds")).toBeVisible({ timeout: 20_000 });
  await expect(notifications).toBeEnabled();
  await expect(notifications).not.toBeChecked();
  // Not on for this device, and not saved as on either.
  const { user } = (await (await page.request.get('/api/me')).json()) as { user: { enableNotifications: boolean } };
  expect(user.enableNotifications).toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Notifications' })).not.toBeChecked();
});

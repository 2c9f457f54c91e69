import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { STREAK_FREEZE_PRICE_POINTS } from '../core/constants';
import { STREAK_MESSAGES } from '../core/streak-api';
import { axeViolations, createPost, openAccount, register, registerDaysAgo, waitForWorker } from './support';

/**
 * Streak habits (issue 44): a streak freeze bought offline arrives when the device is back; a day
 * a freeze kept reads "Frozen" on the account screen; the Streak reminders switch toggles.
 */

const HOUR = 3_600_000;
const SHOTS = '/work/wt/shots';

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**');
  await context.setOffline(false);
}

function streakCard(page: Page) {
  return page.getByRole('region', { name: STREAK_MESSAGES.heading });
}

/** A figure of the profile on the account screen, e.g. 'Points'. */
function profileStat(page: Page, label: string) {
  return page.getByRole('region', { name: 'Your profile' }).getByText(label, { exact: true }).locator('xpath=preceding-sibling::*[1]');
}

test('a streak freeze bought offline is bought once when the device is back online', async ({ page, context }) => {
  test.setTimeout(120_000);
  await register(page);
  await waitForWorker(page);
  await openAccount(page);
  const card = streakCard(page);
  await expect(card.getByText(STREAK_MESSAGES.held(0))).toBeVisible();
  await expect(profileStat(page, 'Points')).toHaveText('300');

  await goOffline(context);
  await card.getByRole('button', { name: STREAK_MESSAGES.buy }).click();
  await expect(page.getByText(STREAK_MESSAGES.queued)).toBeVisible();
  await expect(card.getByText(`${STREAK_MESSAGES.held(0)} (${STREAK_MESSAGES.waiting(1)})`)).toBeVisible();

  await goOnline(context);
  await expect(card.getByText(STREAK_MESSAGES.held(1), { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(profileStat(page, 'Points')).toHaveText(String(300 - STREAK_FREEZE_PRICE_POINTS), { timeout: 10_000 });
  // Bought once: the server holds one freeze and took the price once.
  const status = (await (await page.request.get('/api/streak')).json()) as { freezesHeld: number; currentPoints: number };
  expect(status).toMatchObject({ freezesHeld: 1, currentPoints: 300 - STREAK_FREEZE_PRICE_POINTS });
});

for (const theme of ['light', 'dark'] as const) {
  test(`a day without a post that a freeze kept reads Frozen, and the streak goes on (${theme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: theme });
    // An account opened two days ago (registerDaysAgo): a post dated before the account would earn no day to keep.
    await registerDaysAgo(page, 2);
    const now = Date.now();
    // A post 30 hours ago, and a freeze bought an hour later (the device's clock says when).
    await page.clock.setFixedTime(new Date(now - 30 * HOUR));
    await createPost(page, `Before the frozen day ${theme}`);
    await page.clock.setFixedTime(new Date(now - 29 * HOUR));
    await openAccount(page);
    await streakCard(page).getByRole('button', { name: STREAK_MESSAGES.buy }).click();
    await expect(page.getByText(STREAK_MESSAGES.bought)).toBeVisible();

    // Today: the 28 hours have passed without a post; the freeze kept the streak.
    await page.clock.setFixedTime(new Date(now));
    await page.reload();
    const calendar = streakCard(page).getByRole('list', { name: STREAK_MESSAGES.calendarLabel });
    await expect(calendar.getByText(STREAK_MESSAGES.frozen, { exact: true })).toHaveCount(1);
    await expect(calendar.getByText(STREAK_MESSAGES.posted, { exact: true })).toHaveCount(1);
    await expect(streakCard(page).getByText(STREAK_MESSAGES.held(0), { exact: true })).toBeVisible();
    await expect(profileStat(page, 'Current Streak')).toHaveText('1');

    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await streakCard(page).scrollIntoViewIfNeeded();
    await streakCard(page).screenshot({ path: `${SHOTS}/streak-card-${theme}.png` });
    // The smallest phone too: nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await streakCard(page).screenshot({ path: `${SHOTS}/streak-card-320-${theme}.png` });
    await page.setViewportSize({ width: 412, height: 915 });
    await page.getByRole('region', { name: 'Settings' }).screenshot({ path: `${SHOTS}/streak-settings-${theme}.png` });
  });
}

/**
 * Headless Chromium may or may not reach a real push service, so this test stands in for the
 * browser's push service (a third party, like every outside service in our tests): the page's
 * PushManager answers with a subscription of its own, on an allowed push host, with real P-256
 * keys, kept across reloads as the browser keeps one. Everything else (the app, the server, the
 * account's setting) is real, so the switch's off/on path always runs.
 */
async function standInPushService(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const KEY = 'e2e.push-subscription';
    type Stored = { endpoint: string; serverKey: number[]; keys: { p256dh: string; auth: string } };
    const base64url = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const asSubscription = (stored: Stored) => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(stored.serverKey).buffer },
      toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(KEY);
      return (stored ? asSubscription(JSON.parse(stored) as Stored) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const stored: Stored = {
        endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
        serverKey: Array.from(new Uint8Array((options?.applicationServerKey ?? new ArrayBuffer(0)) as ArrayBuffer)),
        keys: {
          p256dh: base64url(await crypto.subtle.exportKey('raw', pair.publicKey)),
          auth: base64url(crypto.getRandomValues(new Uint8Array(16))),
        },
      };
      localStorage.setItem(KEY, JSON.stringify(stored));
      return asSubscription(stored) as unknown as PushSubscription;
    };
  });
}

test('the Streak reminders switch turns reminders (and notifications) on and off', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await standInPushService(context);
  await register(page);
  await openAccount(page);
  const reminders = page.getByRole('switch', { name: STREAK_MESSAGES.reminders });
  // On by default, but off until notifications are on for this device.
  await expect(reminders).toBeEnabled();
  await expect(reminders).not.toBeChecked();
  await reminders.click();
  const toast = page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'Notifications are on for this device.' });
  await expect(toast.first()).toBeVisible({ timeout: 20_000 });
  await expect(reminders).toBeEnabled();
  await expect(reminders).toBeChecked();
  expect(((await (await page.request.get('/api/streak')).json()) as { reminders: boolean }).reminders).toBe(true);
  await reminders.click();
  await expect(reminders).not.toBeChecked();
  await expect.poll(async () => ((await (await page.request.get('/api/streak')).json()) as { reminders: boolean }).reminders).toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: STREAK_MESSAGES.reminders })).not.toBeChecked();
  await page.getByRole('switch', { name: STREAK_MESSAGES.reminders }).click();
  await expect(page.getByRole('switch', { name: STREAK_MESSAGES.reminders })).toBeChecked();
});

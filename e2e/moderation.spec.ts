import { randomUUID } from 'node:crypto';
import { POOP_TIMEZONE } from '../core/constants';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ownStack } from './stacks';
import { axeViolations, jpegPhoto, openAccount, register } from './support';

/**
 * Moderation (issue 24) as the three reviewers of REVIEWER_EMAILS (playwright.config.ts) meet it:
 * the Admin entry on the Account screen, the Type Picker stage by stage until the queue is empty
 * and says so in Italian, and a non-admin sent back.
 */

const REVIEWERS = ['reviewer1@plop-e2e.test', 'reviewer2@plop-e2e.test', 'reviewer3@plop-e2e.test'] as const;
const PASSWORD = 'secret123';
const EMULATOR = `http://127.0.0.1:${ownStack().authEmulatorPort}/identitytoolkit.googleapis.com/v1`;

/** An account on the Auth emulator whose e-mail is verified (as an admin's must be), made once. */
async function verifiedAccount(email: string): Promise<void> {
  const call = (method: string, body: object, owner = false) =>
    fetch(`${EMULATOR}/accounts:${method}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(owner ? { authorization: 'Bearer owner' } : {}) },
      body: JSON.stringify(body),
    });
  let res = await call('signUp', { email, password: PASSWORD, returnSecureToken: true });
  if (!res.ok) res = await call('signInWithPassword', { email, password: PASSWORD, returnSecureToken: true });
  expect(res.ok).toBe(true);
  const { localId } = (await res.json()) as { localId: string };
  expect((await call('update', { localId, emailVerified: true }, true)).ok).toBe(true);
}

async function newPage(browser: Browser): Promise<Page> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  return context.newPage();
}

async function expectAccessibleAndFitting(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), label).toEqual([]);
  for (const width of [320, 412]) {
    await page.setViewportSize({ width, height: 800 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${label} at ${width} px`).toBeLessThanOrEqual(width);
  }
}

/** Signs a reviewer in, opens Admin from the Account screen, then the Type Picker. */
async function openTypePicker(page: Page, email: string, stage: number): Promise<number> {
  await register(page, email, PASSWORD);
  await openAccount(page);
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Type Picker' }).click();
  await expect(page.getByRole('heading', { name: 'Type Picker', level: 1 })).toBeVisible();
  await expect(page.getByText(`Stage ${stage} of 3`)).toBeVisible();
  const counter = page.getByRole('status').filter({ hasText: 'Poops verified by you.' });
  const text = (await counter.textContent()) ?? '';
  return Number(/^(\d+) Poops verified by you\.$/.exec(text)?.[1]);
}

test('three reviewers verify the same post through the Type Picker; the empty queue says so in Italian', async ({ page, browser }) => {
  test.setTimeout(240_000);
  for (const email of REVIEWERS) await verifiedAccount(email);

  // An author posts; it is the newest post, so it tops the stage-1 queue.
  const author = await newPage(browser);
  await register(author);
  const title = `Verify me ${randomUUID().slice(0, 6)}`;
  const created = await author.request.put(`/api/poops/${randomUUID()}`, {
    multipart: { type: 'Type 4', title, description: '', private: 'false', showInMap: 'false', photo: await jpegPhoto() },
  });
  expect(created.status()).toBe(201);
  await author.context().close();

  // Stage 1, with the mouse and the full-screen view.
  const before1 = await openTypePicker(page, REVIEWERS[0], 1);
  await expect(page.getByRole('img', { name: 'Poop to verify, posted as Type 4' })).toBeVisible();
  await page.getByRole('button', { name: 'View full screen' }).click();
  await expect(page.getByRole('img', { name: 'Poop to verify, posted as Type 4, full screen' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();
  await page.getByRole('button', { name: 'Type 4', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Type 4', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await verify.click();
  await expect(page.getByText(`${before1 + 1} Poops verified by you.`)).toBeVisible();
  // The image left the queue: the next one with no type chosen, or (the usual case here) none left.
  const empty = page.getByRole('heading', { name: 'Caricamento delle immagini in corso…' });
  await expect(verify.or(empty)).toBeVisible();
  if (await verify.isVisible()) await expect(verify).toBeDisabled();
  await page.context().clearCookies();

  // Stage 2, with the keyboard: 4 chooses Type 4, Enter verifies.
  const second = await newPage(browser);
  const before2 = await openTypePicker(second, REVIEWERS[1], 2);
  await expect(second.getByRole('img', { name: 'Poop to verify, posted as Type 4' })).toBeVisible();
  await second.keyboard.press('4');
  await expect(second.getByRole('button', { name: 'Type 4', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(second.getByRole('button', { name: 'Verify' })).toBeEnabled();
  await second.keyboard.press('Enter');
  await expect(second.getByText(`${before2 + 1} Poops verified by you.`)).toBeVisible();
  await second.context().close();

  // Stage 3: the last image of its queue; then the Italian message with the English line beneath.
  const third = await newPage(browser);
  const before3 = await openTypePicker(third, REVIEWERS[2], 3);
  await expectAccessibleAndFitting(third, 'Type Picker with an image');
  await third.setViewportSize({ width: 412, height: 915 });
  await third.keyboard.press('4');
  await third.keyboard.press('Enter');
  await expect(third.getByText(`${before3 + 1} Poops verified by you.`)).toBeVisible();
  await expect(third.getByRole('heading', { name: 'Caricamento delle immagini in corso…' })).toBeVisible();
  await expect(third.getByText('Se hai appena verificato 100 immagini di fila, aggiorna l’app per caricarne altre.')).toBeVisible();
  await expect(third.getByText(/no more images to verify for now: refresh the app later/)).toBeVisible();
  await expectAccessibleAndFitting(third, 'Type Picker, empty queue');

  // The dashboards, light and dark.
  for (const dark of [false, true]) {
    expect((await third.request.patch('/api/me', { data: { darkMode: dark } })).status()).toBe(200);
    await third.goto('/root/account/admin/type');
    await expect(third.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    await expect(third.getByRole('group', { name: 'Now' })).toBeVisible();
    // One chart per figure; their numbers by day under a button; the page fits a few phone screens.
    await expect(third.getByRole('img', { name: /^New users per day: \d+ new users from / })).toBeVisible();
    await expect(third.getByRole('img', { name: /^New poops per day: \d+ new poops from / })).toBeVisible();
    await third.getByRole('button', { name: 'Figures by day (30 days)' }).click();
    await expect(third.getByRole('table', { name: 'Figures by day' }).getByRole('row')).toHaveCount(31);
    await expectAccessibleAndFitting(third, `Moderation dashboard, ${dark ? 'dark' : 'light'}`);
    await third.setViewportSize({ width: 412, height: 915 });
    await third.getByRole('button', { name: 'Figures by day (30 days)' }).click();
    const height = await third.evaluate(() => document.documentElement.scrollHeight);
    expect(height, 'the dashboard is a few screens long').toBeLessThanOrEqual(5 * 915);
    await third.goto('/root/account/admin/report');
    await expect(third.getByRole('heading', { name: 'Daily report', level: 1 })).toBeVisible();
    // The latest report's day, to be changed with the picker; both figures' trend.
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: POOP_TIMEZONE });
    await expect(third.getByLabel('Day (New York)')).toHaveValue(yesterday);
    await expect(third.getByRole('group', { name: `On ${yesterday}` })).toBeVisible();
    await expectAccessibleAndFitting(third, `Daily report, ${dark ? 'dark' : 'light'}`);
    await third.setViewportSize({ width: 412, height: 915 });
    await third.goto('/root/account/admin/new/type');
    await expect(third.getByRole('heading', { name: 'Caricamento delle immagini in corso…' })).toBeVisible();
    await expectAccessibleAndFitting(third, `Type Picker, ${dark ? 'dark' : 'light'}`);
  }
  await third.context().close();
});

test('a non-admin sees no Admin entry and is sent back from the admin screens, told why', async ({ page }) => {
  await register(page);
  await openAccount(page);
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  for (const path of ['/root/account/admin/new/type', '/root/account/admin/type', '/root/account/admin/report']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/root\/account$/);
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await expect(page.getByText("Admins only: that page is for Plop's moderators.")).toBeVisible();
  }
});

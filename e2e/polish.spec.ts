import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SIGN_IN_MESSAGES } from '../core/messages';
import { becomePremium, useStripeStandIn } from './stripe-stand-in';
import { axeViolations, jpegPhoto, openAccount, register, signOut, submitEmailForm, uniqueEmail } from './support';

/*
 * Issue 42, items 4 (chat like a messenger), 5 (premium for users) and 8 (consistency), as a
 * person on a phone (412 x 915) meets them. Screenshots of the screens go to /work/wt/shots when
 * POLISH_SHOTS is set.
 */

useStripeStandIn();

const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE });

const PASSWORD = 'secret123';
const SHOTS = process.env.POLISH_SHOTS;

async function person(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport: PHONE, userAgent, deviceScaleFactor, isMobile, hasTouch });
  const page = await context.newPage();
  await register(page, uniqueEmail('polish'), PASSWORD);
  return { context, page };
}

async function me(page: Page): Promise<{ uid: string; username: string }> {
  return ((await (await page.request.get('/api/me')).json()) as { user: { uid: string; username: string } }).user;
}

async function sendMessage(page: Page, toUid: string, body: string): Promise<void> {
  const sent = await page.request.put(`/api/chat/with/${toUid}/messages/${randomUUID()}`, { data: { body } });
  expect(sent.status()).toBe(200);
}

/** Axe finds nothing and nothing is wider than the phone, in light and dark; a screenshot of each when asked. */
async function checkScreen(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await axeViolations(page), `${name} ${theme}`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} ${theme} is wider than the phone`).toBeLessThanOrEqual(0);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/polish-${name}-${theme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('chat: an unread count on the top bar, the list with last message, time and marker, the composer at the bottom', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await person(browser);
  const bob = await person(browser);
  try {
    const aliceUid = await becomePremium(alice.page);
    const bobUid = await becomePremium(bob.page);
    const aliceName = (await me(alice.page)).username;

    // Bob is on the feed; Alice writes: the chat button counts it, live, apart from the bell.
    await bob.page.goto('/root');
    await expect(bob.page.getByRole('button', { name: 'Chat Pro', exact: true })).toBeVisible();
    await sendMessage(alice.page, bobUid, 'Hi Bob, are you there?');
    await expect(bob.page.getByRole('button', { name: 'Chat Pro 1 unread' })).toBeVisible();
    await sendMessage(alice.page, bobUid, 'Second one');
    await expect(bob.page.getByRole('button', { name: 'Chat Pro 2 unread' })).toBeVisible();
    if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/polish-topbar-chat-unread.png` });

    // The list: the last message, its time and an unread marker.
    await bob.page.getByRole('button', { name: /^Chat Pro/ }).click();
    const row = bob.page.getByRole('list', { name: 'Chat' }).getByRole('link');
    await expect(row).toContainText(aliceName);
    await expect(row).toContainText('Second one');
    await expect(row.locator('time')).toHaveText(/\d{1,2}:\d{2}/);
    await expect(row).toContainText('2 new');
    await checkScreen(bob.page, 'chat-list');

    // Opened, it is read: the marker and the count go.
    await row.click();
    await expect(bob.page.getByText('Second one')).toBeVisible();
    const composer = bob.page.getByRole('form', { name: 'Write a message' });
    const nav = bob.page.getByRole('navigation', { name: 'Main' });
    // The composer sits at the bottom of the screen, right above the bottom navigation (not mid-screen).
    const composerBox = await composer.boundingBox();
    const navBox = await nav.boundingBox();
    expect(composerBox && navBox).toBeTruthy();
    expect(navBox!.y + navBox!.height).toBeCloseTo(PHONE.height, 0);
    expect(Math.abs(composerBox!.y + composerBox!.height + 8 - navBox!.y)).toBeLessThanOrEqual(2);
    await checkScreen(bob.page, 'chat-thread');

    // A long conversation scrolls behind the composer, which stays at the bottom.
    for (let i = 0; i < 30; i += 1) await sendMessage(alice.page, bobUid, `Message number ${i}`);
    // The newest message is followed into view, right above the composer.
    await expect(bob.page.getByText('Message number 29')).toBeInViewport();
    await bob.page.mouse.wheel(0, -2000);
    // Scrolled back: the newest message has left the screen, and the composer has not moved.
    await expect(bob.page.getByText('Message number 29')).not.toBeInViewport();
    const after = await composer.boundingBox();
    expect(Math.abs(after!.y + after!.height + 8 - navBox!.y)).toBeLessThanOrEqual(2);

    await bob.page.goto('/root/chat');
    await expect(bob.page.getByRole('list', { name: 'Chat' }).getByRole('link')).not.toContainText('new');
    await bob.page.goto('/root');
    await expect(bob.page.getByRole('button', { name: 'Chat Pro', exact: true })).toBeVisible();

    // Blocking asks first, and is undone from the same place.
    await bob.page.goto(`/root/chat?with=${aliceUid}`);
    await bob.page.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = bob.page.getByRole('dialog', { name: `Block ${aliceName}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(composer).toBeVisible();
    await bob.page.getByRole('button', { name: 'Block', exact: true }).click();
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    const blocked = bob.page.getByRole('alert').filter({ hasText: `You blocked ${aliceName}.` });
    await expect(blocked).toBeVisible();
    await expect(composer).toHaveCount(0);
    await checkScreen(bob.page, 'chat-blocked');
    await blocked.getByRole('button', { name: 'Unblock' }).click();
    await expect(composer).toBeVisible();
    await expect(bob.page.getByText(`You unblocked ${aliceName}.`)).toBeVisible();
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});

test('premium: a member sees status, renewal date and Manage subscription; nobody sees an operator command', async ({ browser }) => {
  test.setTimeout(120_000);
  const member = await person(browser);
  try {
    await member.page.goto('/root/premium');
    await expect(member.page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(member.page.locator('body')).not.toContainText('npm run');
    await checkScreen(member.page, 'premium-visitor');

    await becomePremium(member.page);
    await member.page.goto('/root/premium');
    await expect(member.page.getByRole('heading', { name: 'You are premium.' })).toBeVisible();
    await expect(member.page.getByText('Subscription status: active')).toBeVisible();
    await expect(member.page.getByText(/^Renews on /)).toBeVisible();
    await expect(member.page.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
    await expect(member.page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
    await expect(member.page.locator('body')).not.toContainText('npm run');
    await checkScreen(member.page, 'premium-member');
  } finally {
    await member.context.close();
  }
});

test('the premium badge shows on the feed card of a user who became premium after posting', async ({ browser, page }) => {
  const author = await person(browser);
  try {
    const title = `Badge ${Date.now().toString(36)}`;
    const response = await author.page.request.put(`/api/poops/${randomUUID()}`, {
      multipart: { type: 'Type 4', title, description: '', private: 'false', showInMap: 'false', photo: await jpegPhoto() },
    });
    expect(response.status()).toBe(201);
    await becomePremium(author.page);

    await register(page, uniqueEmail('viewer'), PASSWORD);
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name: 'Premium' })).toBeVisible();
  } finally {
    await author.context.close();
  }
});

test('sub-screens have a back arrow; Most liked uses the boards’ cards; the leaderboard’s New badge goes once it was opened', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await register(page, uniqueEmail('polish'), PASSWORD);
  for (const [path, heading] of [
    ['/root/account/edit', 'Edit profile'],
    ['/root/account/help', 'Help'],
    ['/root/account/activity', 'Activity'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/root\/account$/);
    await page.goto(path);
    await checkScreen(page, path.split('/').pop()!);
  }

  await page.goto('/root');
  await expect(page.getByRole('button', { name: 'Leaderboard New' })).toBeVisible();
  await page.getByRole('button', { name: /^Leaderboard/ }).click();
  await page.getByRole('tab', { name: 'Most liked' }).click();
  await expect(page.getByRole('region', { name: 'Most liked' })).toBeVisible();
  await checkScreen(page, 'most-liked');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'Leaderboard', exact: true })).toBeVisible();
  await expect(page.getByText('New', { exact: true })).toHaveCount(0);

  // Kept on the account: another device does not show it either.
  const { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const other = await browser.newContext({ baseURL, viewport: PHONE, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const otherPage = await other.newPage();
    await register(otherPage, email, PASSWORD);
    await expect(otherPage.getByRole('button', { name: 'Leaderboard', exact: true })).toBeVisible();
    await expect(otherPage.getByText('New', { exact: true })).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test('a wrong password shows once, on the password field, not as a toast too', async ({ page }) => {
  const email = await register(page, uniqueEmail('wrong'), PASSWORD);
  await signOut(page);
  await submitEmailForm(page, email, 'not-the-password');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAccessibleDescription(SIGN_IN_MESSAGES.wrongPassword);
  await expect(password).toBeFocused();
  await expect(page.getByText(SIGN_IN_MESSAGES.wrongPassword)).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: SIGN_IN_MESSAGES.wrongPassword })).toHaveCount(0);
  await checkScreen(page, 'wrong-password');
});

test('Not Found keeps the app’s navigation', async ({ page }) => {
  await register(page, uniqueEmail('lost'), PASSWORD);
  for (const path of ['/root/no-such-screen', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await checkScreen(page, `not-found-${path.split('/').length - 1}`);
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
});

test('deleting the account shows its progress and ends on the landing, which says it was deleted', async ({ page }) => {
  await register(page, uniqueEmail('gone'), PASSWORD);
  await openAccount(page);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  // On a slow connection: the server's answer takes a moment to arrive, and the dialog shows it is working.
  let answer = (): void => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/me', async (route) => {
    if (route.request().method() === 'DELETE') await answered;
    await route.fallback();
  });
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(dialog.getByRole('progressbar', { name: /Deleting your account/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  // From here the page's timers run on a clock the test can move (time still flows on its own).
  await page.clock.install();
  answer();
  await expect(page).toHaveURL(/\/\?deleted=1$/);
  const said = page.getByRole('status').filter({ hasText: 'Your account has been deleted.' });
  await expect(said).toBeVisible();
  // A sentence on the page, not a toast that goes after 3 s: the page's clock jumps past that.
  await page.clock.fastForward(3_500);
  await expect(said).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await checkScreen(page, 'deleted-landing');
});

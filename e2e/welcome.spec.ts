import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { POOP_TIMEZONE } from '../core/constants';
import { MESSAGES } from '../core/messages';
import {
  axeViolations,
  createPost,
  jpegPhoto,
  register,
  setContextOffline,
  submitEmailForm,
  TYPE_4,
  uniqueEmail,
  waitForWorker,
} from './support';

/**
 * A new user's first minutes (issue 42, items 2, 3 and 6): the welcome after sign-up, the
 * illustrated onboarding pages, the pay-off of a post, notifications that say what happened, and
 * the online/offline notice said once per change.
 */

const SHOTS = '/work/wt/shots';
const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function expectAccessibleAndNarrow(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), label).toEqual([]);
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  expect(width.scroll, `${label}: page width`).toBeLessThanOrEqual(width.inner);
}

/** Axe and width in light and dark, with a screenshot of each. */
async function checkBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expectAccessibleAndNarrow(page, `${name}, ${theme}`);
    await page.screenshot({ path: `${SHOTS}/welcome-${name}-${theme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  return { context, page: await context.newPage() };
}

async function me(page: Page): Promise<{ uid: string; username: string }> {
  return ((await (await page.request.get('/api/me')).json()) as { user: { uid: string; username: string } }).user;
}

/** Posts once through the API (the multipart form the app sends). */
async function postByApi(page: Page, title: string): Promise<string> {
  const id = randomUUID();
  const res = await page.request.put(`/api/poops/${id}`, {
    multipart: { type: 'Type 4', title, description: '', photo: await jpegPhoto() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return id;
}

test('a new account is welcomed once: its name checked live and changed, the rest skipped, never shown again on any device', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const other = await newPage(browser);
  try {
    await register(other.page);
    const taken = (await me(other.page)).username;
    // Something in the feed, as on any running instance.
    await postByApi(other.page, uniqueTitle('Hello'));
    // The other account has finished its welcome: it does not show again after a reload.
    await other.page.getByRole('region', { name: 'Welcome to Plop' }).getByRole('button', { name: 'Skip' }).click();
    await expect(other.page.getByRole('region', { name: 'Welcome to Plop' })).toHaveCount(0);

    const email = uniqueEmail('welcome');
    await register(page, email);
    const welcome = page.getByRole('region', { name: 'Welcome to Plop' });
    await expect(welcome).toBeVisible();
    await expect(welcome.getByText('Step 1 of 3')).toBeVisible();
    const generated = (await me(page)).username;
    await expect(welcome.getByText(`We picked ${generated} for you. Keep it, or choose your own.`)).toBeVisible();
    // The feed stays usable around it.
    await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
    await checkBothThemes(page, 'name');

    // Checked as it is typed: the rules at once, then whether someone else has it.
    const field = welcome.getByRole('textbox', { name: 'Username' });
    await field.fill('no spaces');
    await expect(welcome.getByText('Usernames may use letters, digits, "_" and "." only.')).toBeVisible();
    await field.fill(taken.toUpperCase());
    await expect(welcome.getByText('That username is already taken.')).toBeVisible();
    await expect(welcome.getByRole('button', { name: 'Next' })).toBeDisabled();
    const chosen = `Newbie.${Date.now().toString(36)}`;
    await field.fill(chosen);
    await expect(welcome.getByText('That username is available.')).toBeVisible();
    await welcome.getByRole('button', { name: 'Next' }).click();

    // Step 2, the avatar: focus moves to its heading; Skip ends the welcome.
    await expect(welcome.getByText('Step 2 of 3')).toBeVisible();
    await expect(welcome.getByRole('heading', { name: 'Add an avatar' })).toBeFocused();
    await expect(welcome.getByRole('button', { name: 'Choose a photo' })).toBeVisible();
    await checkBothThemes(page, 'avatar');
    await welcome.getByRole('button', { name: 'Skip' }).click();
    await expect(welcome).toHaveCount(0);
    expect((await me(page)).username).toBe(chosen);

    // Recorded on the server: not after a reload, nor on another device.
    await expect
      .poll(async () => ((await (await page.request.get('/api/me')).json()) as { user: { welcomedAt: string | null } }).user.welcomedAt)
      .not.toBeNull();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Welcome to Plop' })).toHaveCount(0);
    const device = await newPage(browser);
    try {
      await device.page.goto('/');
      await submitEmailForm(device.page, email, 'secret123');
      await expect(device.page).toHaveURL(/\/root\/?$/);
      await expect(device.page.getByRole('heading', { name: 'For you' })).toBeVisible();
      await expect(device.page.getByRole('region', { name: 'Welcome to Plop' })).toHaveCount(0);
    } finally {
      await device.context.close();
    }
    await other.page.reload();
    await expect(other.page.getByRole('heading', { name: 'For you' })).toBeVisible();
    await expect(other.page.getByRole('region', { name: 'Welcome to Plop' })).toHaveCount(0);
  } finally {
    await other.context.close();
  }
});

test('the welcome shows the nine types with their drawings, as the create screen does', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page);
  await postByApi(page, uniqueTitle('Hello'));
  await page.reload();
  const welcome = page.getByRole('region', { name: 'Welcome to Plop' });
  await welcome.getByRole('button', { name: 'Next' }).click();
  await welcome.getByRole('button', { name: 'Next' }).click();
  await expect(welcome.getByRole('heading', { name: 'The Bristol scale' })).toBeFocused();
  const types = welcome.getByRole('list', { name: 'The nine types' }).getByRole('listitem');
  await expect(types).toHaveCount(9);
  await expect(types.nth(3)).toHaveText('Type 4 — Smooth, soft sausage or snake');
  await expect(types.nth(3).locator('svg')).toHaveCount(1);
  await checkBothThemes(page, 'bristol');
  await welcome.getByRole('button', { name: 'Done' }).click();
  await expect(welcome).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('radio', { name: TYPE_4 })).toBeVisible();
  await expect(page.getByRole('radiogroup').locator('svg[aria-hidden="true"]').first()).toBeVisible();
});

test('the onboarding pages are illustrated and reachable from the landing', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('link', { name: 'How Plop works' }).click();
  await expect(page).toHaveURL(/\/onboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Plop', level: 1 })).toBeVisible();
  await expect(page.getByText('1 of 5')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Every poop counts', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'The Bristol scale' }).getByRole('listitem')).toHaveCount(9);
  await checkBothThemes(page, 'onboard-poop');
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Snap it', level: 1 })).toBeVisible();
  await expect(page.getByText('Blurred until tapped')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Post it', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Instructions', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(4);
  await checkBothThemes(page, 'instructions');
});

test('the landing and the tour name the diary and the doctor report; the tour ends as a guest, who gets the welcome (issue 64)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByText(/private health diary/)).toBeVisible();
  await expect(page.getByText(/report for your doctor/)).toBeVisible();
  await page.getByRole('link', { name: 'How Plop works' }).click();
  await expect(page.getByText(/private health diary only you can see, and makes a report of it for your doctor/)).toBeVisible();
  await page.goto('/instructions');
  await expect(page.getByRole('heading', { name: 'Instructions', level: 1 })).toBeVisible();
  // It no longer says 'Sign in with your e-mail' over a button that silently makes a guest.
  const start = page.getByRole('button', { name: 'Start as a guest' });
  await expect(start).toHaveAccessibleDescription('Start as a guest: you can create an account later and keep what you posted.');
  await expect(page.getByRole('link', { name: 'I have an account: sign in' })).toHaveAttribute('href', '/');
  for (const width of [412, 320]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await start.click();
  await expect(page).toHaveURL(/\/root\/?$/);
  const welcome = page.getByRole('region', { name: 'Welcome to Plop' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByText('Step 1 of 3')).toBeVisible();
  await welcome.getByRole('button', { name: 'Skip' }).click();
  await expect(welcome).toHaveCount(0);
  // Skipped once, it stays away.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'For you', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Welcome to Plop' })).toHaveCount(0);
});

/** The last moment up to now at which New York's calendar day is not Kiritimati's (19 hours ahead): now, or New York's 23:xx before now. */
function whenNewYorkIsAnotherDay(now: Date): Date {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: POOP_TIMEZONE, hour: 'numeric', hourCycle: 'h23' }).format(now));
  return hour < 5 ? new Date(now.getTime() - (hour + 1) * 3_600_000) : now;
}

test.describe('far from New York', () => {
  // A device 19 hours ahead of New York, at a time when the two are on different days: a post
  // counted on New York's day and the next on the device's would make 'Day 2' minutes apart.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('the first post gets its own moment and offers notifications; a second post that day adds none', async ({ page }) => {
    test.setTimeout(120_000);
    await page.clock.install({ time: whenNewYorkIsAnotherDay(new Date()) });
    // The app also tells the server its zone when the page is idle; on a slow phone that comes
    // after the first post (what once made this test flaky): held back here until then.
    let releaseZone = () => {};
    const zoneHeld = new Promise<void>((resolve) => (releaseZone = resolve));
    await page.route('**/api/streak/settings', async (route) => {
      await zoneHeld;
      await route.continue();
    });
    await register(page);
    await page.getByRole('region', { name: 'Welcome to Plop' }).getByRole('button', { name: 'Skip' }).click();
    await createPost(page, uniqueTitle('First'));
    const moment = page.getByRole('region', { name: 'Your first post!' });
    await expect(moment).toBeVisible();
    // The first post is counted: the zone may go now (the page's network must settle for the axe scans below).
    releaseZone();
    await expect(moment.getByText('Day 1 of your streak. Post again tomorrow to keep it going.')).toBeVisible();
    await expect(
      moment.getByRole('region', { name: 'Get told when someone comments' }).getByRole('button', { name: 'Enable' }),
    ).toBeVisible();
    await checkBothThemes(page, 'first-post');
    await moment.getByRole('button', { name: 'Close' }).click();
    await expect(moment).toHaveCount(0);

    // The pay-off shows the server's answer: once the second post is answered, it had nothing to celebrate.
    const secondAnswered = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/api\/poops\/[^/]+$/.test(response.url()),
    );
    await createPost(page, uniqueTitle('Second'));
    expect((await secondAnswered).status()).toBe(201);
    await expect(page.getByRole('feed', { name: 'For you' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: /streak!|first post/ })).toHaveCount(0);
  });
});

test('a first post made offline gets its moment when it is sent', async ({ page, context }) => {
  test.setTimeout(120_000);
  await register(page);
  await page.getByRole('region', { name: 'Welcome to Plop' }).getByRole('button', { name: 'Skip' }).click();
  await waitForWorker(page);
  await setContextOffline(context, true);
  const title = uniqueTitle('Offline first');
  await createPost(page, title);
  await expect(page.getByRole('article', { name: title }).getByText('Waiting for connection')).toBeVisible();
  // Nothing is earned yet: the post has not reached the server.
  await expect(page.getByRole('region', { name: 'Your first post!' })).toHaveCount(0);

  await setContextOffline(context, false);
  const moment = page.getByRole('region', { name: 'Your first post!' });
  await expect(moment).toBeVisible({ timeout: 30_000 });
  await expect(moment.getByText('Day 1 of your streak. Post again tomorrow to keep it going.')).toBeVisible();
});

test('a notification quotes the comment and shows the post; tapping it opens the post at that comment', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await register(page);
  await page.getByRole('region', { name: 'Welcome to Plop' }).getByRole('button', { name: 'Skip' }).click();
  const title = uniqueTitle('Commented');
  const poopId = await postByApi(page, title);
  const fan = await newPage(browser);
  try {
    await register(fan.page);
    const { username } = await me(fan.page);
    for (let i = 1; i <= 12; i += 1) {
      const res = await fan.page.request.post(`/api/poops/${poopId}/comments`, {
        data: { id: randomUUID(), text: `Filler comment number ${i}` },
      });
      expect(res.status()).toBe(201);
    }
    const commentId = randomUUID();
    const text = 'Magnificent work today, truly a textbook type four if I ever saw one';
    expect((await fan.page.request.post(`/api/poops/${poopId}/comments`, { data: { id: commentId, text } })).status()).toBe(201);
    const res = await fan.page.request.put(`/api/users/${(await me(page)).uid}/follow`);
    expect(res.ok()).toBe(true);

    await page.goto('/root/notifications');
    const list = page.getByRole('list', { name: 'Notifications' });
    const entry = list.getByRole('link').filter({ hasText: text });
    await expect(entry).toContainText(`${username} commented on your post`);
    await expect(entry).toContainText(title);
    await expect(list.getByRole('link').filter({ hasText: `${username} started following you` })).toBeVisible();
    await checkBothThemes(page, 'notifications');

    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/root/poop/${poopId}#comment-${commentId}$`));
    const comment = page.locator(`#comment-${commentId}`);
    await expect(comment).toBeFocused();
    await expect(comment).toHaveAttribute('aria-current', 'true');
    await expect(comment).toBeInViewport();
  } finally {
    await fan.context.close();
  }
});

test("going offline says 'You are offline.' once, back online says so once; a like queued offline shows only its pending state", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await register(page);
  const title = uniqueTitle('Likeable');
  await postByApi(page, title);
  await page.reload();
  const card = page.getByRole('feed', { name: 'For you' }).getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await waitForWorker(page);

  const offline = page.getByRole('alert').filter({ hasText: MESSAGES.offline });
  await setContextOffline(context, true);
  await context.route('**', (route) => route.abort('internetdisconnected'));
  await expect(offline).toHaveCount(1);
  const banner = page.getByText('Offline — showing saved content');
  await expect(banner).toBeVisible();
  // Information, not a failure (issue 64): a warning's colours, never an error's red; and it does
  // not lie over the grey offline banner, at 412 px or at 320 px.
  await expect(offline).toHaveClass(/MuiAlert-colorWarning/);
  await expect(offline).not.toHaveClass(/MuiAlert-colorError/);
  const apart = async () => {
    const [toastBox, bannerBox] = [await offline.boundingBox(), await banner.boundingBox()];
    if (toastBox === null || bannerBox === null) return 'not shown';
    return toastBox.y >= bannerBox.y + bannerBox.height || toastBox.y + toastBox.height <= bannerBox.y ? 'apart' : 'overlapping';
  };
  expect(await apart()).toBe('apart');
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await apart()).toBe('apart');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // The toast goes after its time; a write made offline brings no red toast back, only its pending state.
  await expect(offline).toHaveCount(0, { timeout: 10_000 });
  const like = card.getByRole('button', { name: /^Like/ });
  await like.click();
  await expect(like).toHaveAccessibleName('Like, 1 like, waiting for connection');
  // Stored in the outbox: its count shows, and nothing else was said about it.
  await expect(page.getByRole('button', { name: '1 item waiting to be sent' })).toBeVisible();
  await expect(offline).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await context.unroute('**');
  await setContextOffline(context, false);
  await expect(page.getByText(MESSAGES.backOnline)).toHaveCount(1);
  await expect(like).toHaveAccessibleName('Like, 1 like', { timeout: 20_000 });
  await expect(offline).toHaveCount(0);
});

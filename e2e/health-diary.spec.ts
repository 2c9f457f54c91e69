import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { POOP_TIMEZONE } from '../core/constants';
import { axeViolations, jpegPhoto, openAccount, register, setContextOffline } from './support';

/**
 * The health diary (issue 43): private details filled in a few taps on the create screen, seen
 * on the post by its author and by nobody else; a diary-only entry made offline arrives once back
 * online and counts for the streak; the Activity screen charts the diary with a table per chart.
 */

const TYPE_4 = 'Type 4 — Smooth, soft sausage or snake';
const TYPE_6 = 'Type 6 — Mushy, fluffy pieces with ragged edges';
const DETAILS = 'Health details (private)';
const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function goOffline(context: BrowserContext): Promise<void> {
  await setContextOffline(context, true);
  await context.route('**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**');
  await setContextOffline(context, false);
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function openCreate(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Create a post', level: 1 })).toBeVisible();
}

test('details filled in three taps travel with the post, the author sees them on it, another user sees none', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await register(page);
  await openCreate(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a photo' }).click();
  await (await chooser).setFiles(await jpegPhoto());
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toBeVisible();
  await page.getByRole('radio', { name: TYPE_4 }).check();
  const title = uniqueTitle('With details');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);

  // Collapsed until opened; then three taps: straining, pain 7, black (flagged as a warning colour).
  const toggle = page.getByRole('button', { name: DETAILS });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await page.getByRole('button', { name: 'Straining' }).click();
  await page.getByRole('button', { name: 'Pain 7' }).click();
  await page.getByRole('button', { name: 'Black (warning colour)' }).click();
  await expect(page.getByText('Blood, or a red or black colour, is worth mentioning to a doctor')).toBeVisible();
  await expect(page.getByRole('link', { name: 'When to see a doctor' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL(/\/root\/?$/);

  const card = page.getByRole('feed', { name: 'For you' }).getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Straining')).toHaveCount(0);
  await card.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const mine = page.getByRole('region', { name: 'Your health details' });
  await expect(mine.getByRole('button', { name: 'Straining' })).toHaveAttribute('aria-pressed', 'true');
  await expect(mine.getByRole('button', { name: 'Pain 7' })).toHaveAttribute('aria-pressed', 'true');
  await expect(mine.getByRole('button', { name: 'Black (warning colour)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(mine.getByRole('button', { name: 'Urgency' })).toHaveAttribute('aria-pressed', 'false');
  const postUrl = page.url();

  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const other = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const otherPage = await other.newPage();
    await register(otherPage);
    await otherPage.goto(postUrl);
    await expect(otherPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(otherPage.getByRole('region', { name: 'Your health details' })).toHaveCount(0);
    await expect(otherPage.getByRole('button', { name: 'Straining' })).toHaveCount(0);
    await expect(otherPage.getByText('Pain', { exact: false })).toHaveCount(0);
    const id = postUrl.split('/').at(-1)!;
    expect((await otherPage.request.get(`/api/poops/${id}/health`)).status()).toBe(404);
  } finally {
    await other.close();
  }
});

test('a diary-only entry made offline arrives once back online, counts for the streak, and shows in the Activity charts', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await register(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await openCreate(page);
  await goOffline(context);
  await page.getByRole('link', { name: 'Diary only (no photo)' }).click();
  await expect(page.getByRole('heading', { name: 'Diary entry', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: TYPE_6 }).check();
  await page.getByRole('button', { name: 'Blood' }).click();
  await page.getByRole('button', { name: 'At night' }).click();
  await page.getByRole('button', { name: 'Save entry' }).click();
  await expect(page.getByText('Saved: it will be sent when you are back online.')).toBeVisible();
  await expect(page).toHaveURL(/\/root\/account\/activity/);
  await expect(page.getByRole('button', { name: '1 item waiting to be sent' })).toBeVisible();

  await goOnline(context);
  await expect(page.getByRole('button', { name: /waiting to be sent/ })).toHaveCount(0, { timeout: 30_000 });
  await openAccount(page);
  const streak = page
    .getByRole('region', { name: 'Your profile' })
    .getByText('Current Streak', { exact: true })
    .locator('xpath=preceding-sibling::*[1]');
  await expect(streak).toHaveText('1');

  // Activity: the diary's charts, each with its table; the warning signs with their date.
  await page.goto('/root/account/activity');
  const diary = page.getByRole('region', { name: 'My health diary' });
  const insights = diary.getByRole('list', { name: 'At a glance' });
  await expect(insights.getByRole('listitem').first()).toHaveText('Days logged1 of 14 days1 movement, 0.1 a day on average.', {
    timeout: 20_000,
  });
  // Days written one way ('6 Dec 2026'), never ISO.
  const bristol = diary.getByRole('table', { name: 'Bristol types over time' });
  await expect(bristol.getByRole('row', { name: /^\d{1,2} [A-Z][a-z]{2} \d{4} Type 6 ×1$/ })).toBeVisible();
  await expect(bristol.getByRole('row', { name: 'All Type 6 ×1' })).toBeVisible();
  // Days without entries wait behind "Show every day".
  const perDay = diary.getByRole('table', { name: 'Movements per day' });
  await expect(perDay.getByRole('row')).toHaveCount(2);
  await diary.getByRole('switch', { name: 'Show every day' }).check();
  await expect(perDay.getByRole('row')).toHaveCount(15);
  const warnings = diary.getByRole('table', { name: 'Warning signs' });
  await expect(warnings.getByRole('cell', { name: 'Blood, At night' })).toBeVisible();
  await expect(warnings.getByRole('cell', { name: /^\d{1,2} [A-Z][a-z]{2} \d{4}$/ })).toHaveCount(1);
  // Exactly once: one movement, one diary entry on the server.
  const day = (msAgo: number) => new Date(Date.now() - msAgo).toLocaleDateString('en-CA', { timeZone: POOP_TIMEZONE });
  const answer = (await (
    await page.request.get(`/api/me/diary?from=${day(7 * 86_400_000)}&to=${day(0)}&tz=${encodeURIComponent(POOP_TIMEZONE)}`)
  ).json()) as {
    entries: unknown[];
  };
  expect(answer.entries).toHaveLength(1);
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await diary.scrollIntoViewIfNeeded();
  const shot = 'diary-activity.png';
  await page.screenshot({
    path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/${shot}` : test.info().outputPath(shot),
    fullPage: true,
  });
});

test.describe('screenshots of the create screen with the details open', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(colorScheme, () => {
      test.use({ colorScheme, viewport: { width: 412, height: 915 } });
      test(`the details panel (${colorScheme})`, async ({ page }) => {
        await register(page);
        await openCreate(page);
        await page.getByRole('button', { name: DETAILS }).click();
        await page.getByRole('button', { name: 'Straining' }).click();
        await page.getByRole('button', { name: 'Pain 4' }).click();
        await page.getByRole('button', { name: 'Red (warning colour)' }).click();
        const panel = page.getByRole('region', { name: DETAILS });
        await panel.scrollIntoViewIfNeeded();
        await expect(panel).toBeInViewport();
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
        await page.getByRole('button', { name: DETAILS }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
        // SCREENSHOT_DIR keeps them for a person to look at; otherwise beside the test's other output.
        const name = `diary-create-${colorScheme}.png`;
        await page.screenshot({
          path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/${name}` : test.info().outputPath(name),
        });
      });
    });
  }
});

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { axeViolations, jpegPhoto, openAccount, register } from './support';

/**
 * What a newcomer's first month still tripped on (issue 64): the welcome keeping the chosen
 * avatar, a real "no" in the health details read back from the doctor's PDF, and the rest,
 * each at 412 and 320 px, with screenshots in light and dark.
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? '/work/wt/shots';
const WIDTHS = [412, 320] as const;

/** Axe in light and dark, no sideways scroll, a screenshot of each. */
async function lookInBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await axeViolations(page), `${name}, ${theme}`).toEqual([]);
    const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
    expect(width.scroll, `${name}, ${theme}: page width`).toBeLessThanOrEqual(width.inner);
    await page.screenshot({ path: `${SHOTS}/first-month-${name}-${theme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function me(page: Page): Promise<{ uid: string; username: string; photoURL: string }> {
  return ((await (await page.request.get('/api/me')).json()) as { user: { uid: string; username: string; photoURL: string } }).user;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const NO_TO_ALL = {
  urgency: false,
  straining: false,
  incompleteEmptying: false,
  blood: false,
  mucus: false,
  atNight: false,
  medicine: false,
};
const BLANK = { urgency: null, straining: null, incompleteEmptying: null, blood: null, mucus: null, atNight: null, medicine: null };

/** A diary-only entry through the API the app uses, `hoursAgo` before now. */
async function diaryEntry(
  page: Page,
  hoursAgo: number,
  answers: Record<string, boolean | null>,
  pain: number | null = null,
): Promise<void> {
  const response = await page.request.put(`/api/me/diary/${randomUUID()}`, {
    data: {
      type: 'Type 4',
      occurredAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
      details: { ...BLANK, ...answers, pain, colour: null, note: '' },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`the welcome keeps the avatar chosen in it (${width} px)`, async ({ page }) => {
      await register(page);
      const welcome = page.getByRole('region', { name: 'Welcome to Plop' });
      await welcome.getByRole('button', { name: 'Next' }).click();
      await expect(welcome.getByText('Step 2 of 3')).toBeVisible();
      // One way on: choosing is saving (no separate "Save avatar" beside Next).
      const chooser = page.waitForEvent('filechooser');
      await welcome.getByRole('button', { name: 'Choose a photo' }).click();
      await (await chooser).setFiles(await jpegPhoto('me.jpg'));
      await expect(page.getByText('Avatar updated.')).toBeVisible();
      await expect(welcome.getByRole('button', { name: 'Save avatar' })).toHaveCount(0);
      await expect(welcome.getByRole('img', { name: 'Your avatar' })).toBeVisible();
      await lookInBothThemes(page, `welcome-avatar-${width}`);
      await welcome.getByRole('button', { name: 'Next' }).click();
      await expect(welcome.getByText('Step 3 of 3')).toBeVisible();
      expect((await me(page)).photoURL).not.toBe('');

      // Kept: Account shows the photo, not the letter.
      await welcome.getByRole('button', { name: 'Done' }).click();
      await openAccount(page);
      await expect(page.getByRole('region', { name: 'Your profile' }).getByRole('img')).toHaveAttribute('src', /avatar/);
    });

    test(`the doctor's report counts a real "no" and says how many entries said nothing (${width} px)`, async ({ page }) => {
      await register(page);
      await page.getByRole('region', { name: 'Welcome to Plop' }).getByRole('button', { name: 'Skip' }).click();
      await diaryEntry(page, 30, { ...NO_TO_ALL, straining: true });
      await diaryEntry(page, 28, NO_TO_ALL);
      await diaryEntry(page, 26, {}, 3);

      // One entry in the form: "None of these" is a real no to every question.
      await page.goto('/root/diary');
      await page.getByRole('radio', { name: /^Type 3/ }).check();
      await page.getByRole('button', { name: 'None of these' }).click();
      await expect(page.getByRole('button', { name: 'None of these' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('button', { name: 'Straining' })).toHaveAttribute('aria-pressed', 'false');
      // The private entry promises no review of "Other".
      await expect(page.getByText('Other — Not on the scale', { exact: true })).toBeVisible();
      await expect(page.getByText('reviewed before it is shown')).toHaveCount(0);
      await lookInBothThemes(page, `diary-none-${width}`);
      await page.getByRole('button', { name: 'Save entry' }).click();
      await expect(page.getByText('Diary entry saved.')).toBeVisible();

      await page.goto('/root/account/report');
      await expect(page.getByRole('heading', { name: 'Report for my doctor', level: 1 })).toBeVisible();
      const report = page.getByRole('article', { name: 'Report' });
      await expect(report.getByText('yes in 1 of 3 entries that answered, no in 2; 1 entry said nothing').first()).toBeVisible();
      const started = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download PDF' }).click();
      const text = await pdfText(await readFile(await (await started).path()));
      expect(text).toContain('Straining yes in 1 of 3 entries that answered, no in 2; 1 entry said nothing');
      expect(text).toContain('Urgency yes in 0 of 3 entries that answered, no in 3; 1 entry said nothing');
    });
  });
}

async function secondPage(browser: Browser): Promise<Page> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  return context.newPage();
}

test('opening Notifications clears the bell: what was shown is read, after a reload too', async ({ page, browser }) => {
  await register(page);
  await page.getByRole('region', { name: 'Welcome to Plop' }).getByRole('button', { name: 'Skip' }).click();
  const author = await me(page);
  const poopId = randomUUID();
  const posted = await page.request.put(`/api/poops/${poopId}`, {
    multipart: { type: 'Type 4', title: 'Office break', description: '', photo: await jpegPhoto() },
  });
  expect(posted.status()).toBe(201);

  const fan = await secondPage(browser);
  try {
    await register(fan);
    expect((await fan.request.put(`/api/poops/${poopId}/like`)).ok()).toBe(true);
    expect((await fan.request.put(`/api/users/${author.uid}/follow`)).ok()).toBe(true);
    const comment = await fan.request.post(`/api/poops/${poopId}/comments`, { data: { id: randomUUID(), text: 'Nice one' } });
    expect(comment.status()).toBe(201);
  } finally {
    await fan.context().close();
  }

  // The fan's like, follow and comment, and the first post's achievement.
  await page.reload();
  await page.getByRole('button', { name: 'Notifications 4 unread' }).click();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  // This visit still says which were new; the server has them as read already.
  await expect(list.getByText('New', { exact: true })).toHaveCount(4);
  await lookInBothThemes(page, 'notifications-seen');
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByText('New', { exact: true })).toHaveCount(0);
});

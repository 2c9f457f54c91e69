import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '../core/messages';
import { becomePremium, useStripeStandIn } from './stripe-stand-in';
import { axeViolations, jpegPhoto, register, registerDaysAgo, TYPE_4, uniqueEmail } from './support';

/**
 * Issue 64's "done means": each item as a person sees it on a phone, at 412x915 and 320x640, in
 * light and dark. One account is set up once (mostly by API); each combination then visits every
 * item's screen and checks that its text shows, that nothing is cut (the document never scrolls
 * sideways, the element lies within the screen's width) and that axe finds nothing. Screenshots
 * go to test-results.
 */

useStripeStandIn();
test.describe.configure({ mode: 'serial' });

const COMBOS = [
  { width: 412, height: 915, scheme: 'light' },
  { width: 412, height: 915, scheme: 'dark' },
  { width: 320, height: 640, scheme: 'light' },
  { width: 320, height: 640, scheme: 'dark' },
] as const;
type Combo = (typeof COMBOS)[number];

const DAY_MS = 24 * 3_600_000;
const POST_TITLE = 'Office break';
const COMMENT = 'Nice one';

/** What the setup made, for every combination. */
let context: BrowserContext;
let page: Page;
let username: string;
let peerName: string;
let postId: string;

function contextOptions(combo?: Combo) {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  return {
    baseURL,
    viewport: combo ? { width: combo.width, height: combo.height } : viewport,
    colorScheme: combo?.scheme,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  };
}

async function goOffline(): Promise<void> {
  await context.setOffline(true);
  await context.route('**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(): Promise<void> {
  await context.unroute('**');
  await context.setOffline(false);
}

/** `target` shows whole: visible, within the screen's width, and the document no wider than the screen. */
async function expectWhole(on: Page, target: Locator, label: string): Promise<void> {
  await expect(target, label).toBeVisible();
  await on.waitForLoadState('networkidle');
  const width = await on.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  expect(width.scroll, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(width.inner);
  const box = await target.boundingBox();
  expect(box, label).not.toBeNull();
  expect(box!.x, `${label}: left edge`).toBeGreaterThanOrEqual(-0.5);
  expect(box!.x + box!.width, `${label}: right edge`).toBeLessThanOrEqual(width.inner + 0.5);
}

/** expectWhole, then axe, then a screenshot. */
async function look(on: Page, target: Locator, name: string, combo: Combo): Promise<void> {
  await expectWhole(on, target, label(name, combo));
  expect(await axeViolations(on), label(name, combo)).toEqual([]);
  await screenshot(on, target, name, combo);
}

/** A toast is the subject: expectWhole and a screenshot, no axe (axe waits for toasts to go). */
async function lookAtToast(on: Page, target: Locator, name: string, combo: Combo): Promise<void> {
  await expectWhole(on, target, label(name, combo));
  await screenshot(on, target, name, combo);
}

const label = (name: string, combo: Combo) => `${name} at ${combo.width} px, ${combo.scheme}`;

/** The screenshot shows the element: centred, clear of the fixed bars. */
async function screenshot(on: Page, target: Locator, name: string, combo: Combo): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await on.screenshot({ path: test.info().outputPath(`${name}-${combo.width}-${combo.scheme}.png`) });
}

/** The peer to write to: a premium member with a name of their own. */
async function makePeer(browser: Browser): Promise<void> {
  const peerContext = await browser.newContext(contextOptions());
  try {
    const peer = await peerContext.newPage();
    await register(peer, uniqueEmail('peer'));
    peerName = `peer${Date.now().toString(36).slice(-7)}`;
    expect((await peer.request.patch('/api/me', { data: { username: peerName } })).status()).toBe(200);
    await becomePremium(peer);
  } finally {
    await peerContext.close();
  }
}

/** A diary-only entry by API, `hoursAgo` before now, with the health answers given (null: not answered). */
async function diaryEntry(hoursAgo: number, answers: Record<string, boolean>): Promise<void> {
  const blank = { urgency: null, straining: null, incompleteEmptying: null, blood: null, mucus: null, atNight: null, medicine: null };
  const response = await page.request.put(`/api/me/diary/${randomUUID()}`, {
    data: {
      type: 'Type 4',
      occurredAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
      details: { ...blank, ...answers, pain: null, colour: null, note: '' },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  await makePeer(browser);
  context = await browser.newContext(contextOptions());
  page = await context.newPage();
  // An account opened 8 days ago (registerDaysAgo): its eight days of posts below count, nothing dated before it would.
  await registerDaysAgo(page, 8);

  // The welcome, as a newcomer goes through it: the photo chosen in step 2 is kept.
  const welcome = page.getByRole('region', { name: 'Welcome to Plop' });
  await welcome.getByRole('button', { name: 'Next' }).click();
  const chooser = page.waitForEvent('filechooser');
  await welcome.getByRole('button', { name: 'Choose a photo' }).click();
  await (await chooser).setFiles(await jpegPhoto('me.jpg'));
  await expect(page.getByText('Avatar updated.')).toBeVisible();
  await welcome.getByRole('button', { name: 'Next' }).click();
  await welcome.getByRole('button', { name: 'Done' }).click();

  // A 20-character name, and eight days of posts: a streak of 8 on the boards and toward achievements.
  username = `NimblePelican${Date.now().toString(36).slice(-7)}`.slice(0, 20);
  expect((await page.request.patch('/api/me', { data: { username } })).status()).toBe(200);
  const photo = await jpegPhoto();
  for (let daysAgo = 7; daysAgo >= 0; daysAgo -= 1) {
    const id = randomUUID();
    const response = await page.request.put(`/api/poops/${id}`, {
      multipart: {
        type: 'Type 4',
        title: daysAgo === 0 ? POST_TITLE : `Day ${8 - daysAgo}`,
        description: '',
        createdDate: new Date(Date.now() - daysAgo * DAY_MS + 60_000).toISOString(),
        photo,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    if (daysAgo === 0) postId = id;
  }
  // For the report: one entry strained, one said no to every question.
  const no = { urgency: false, straining: false, incompleteEmptying: false, blood: false, mucus: false, atNight: false, medicine: false };
  await diaryEntry(30, { ...no, straining: true });
  await diaryEntry(28, no);
  await becomePremium(page);

  // The bell counts the achievements just earned; opening Notifications clears it.
  await page.goto('/root');
  await page.getByRole('button', { name: /^Notifications \d+ unread$/ }).click();
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()).toBeVisible();
});

test.afterAll(async () => {
  await context?.close();
});

for (const combo of COMBOS) {
  test(`issue 64's items at ${combo.width}x${combo.height}, ${combo.scheme}`, async ({ browser }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: combo.width, height: combo.height });
    await page.emulateMedia({ colorScheme: combo.scheme });

    // The skip links: the first Tab stops, hidden until focused, each moving the keyboard's place.
    await page.goto('/root');
    await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
    const toMain = page.getByRole('link', { name: 'Skip to main content' });
    await expect(toMain).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(toMain).toBeFocused();
    await expect(toMain).toBeInViewport();
    await look(page, toMain, 'skip-link', combo);
    const toNav = page.getByRole('link', { name: 'Skip to navigation' });
    await page.keyboard.press('Tab');
    await expect(toNav).toBeFocused();
    await expect(toNav).toBeInViewport();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // From the main content, back once is the other skip link: to the bottom navigation.
    await page.keyboard.press('Shift+Tab');
    await expect(toNav).toBeFocused();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();

    // The bell stays clear.
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await look(page, page.getByRole('button', { name: 'Notifications', exact: true }), 'bell', combo);

    // Account: the avatar chosen in the welcome, and achievements with progress.
    await page.goto('/root/account');
    const profile = page.getByRole('region', { name: 'Your profile' });
    await expect(profile.getByRole('img').first()).toHaveAttribute('src', /avatar/);
    await look(page, profile, 'avatar', combo);
    const achievements = page.getByRole('region', { name: 'Achievements' });
    await expect(achievements.getByText('30-day streak: 8 of 30', { exact: true })).toBeVisible();
    await achievements.scrollIntoViewIfNeeded();
    await look(page, achievements, 'achievements', combo);

    // The doctor's report: a real "no", and the entries that said nothing, said plainly.
    await page.goto('/root/account/report');
    const sentence = page
      .getByRole('article', { name: 'Report' })
      .getByText(/yes in 1 of 2 entries that answered, no in 1; \d+ entr(?:y|ies) said nothing/);
    await expect(sentence.first()).toBeVisible();
    await look(page, sentence.first(), 'report', combo);

    // A diary entry dated 20 days back is accepted, and the form says how such entries count.
    await page.goto('/root/diary');
    await page.getByRole('radio', { name: TYPE_4 }).check();
    const twentyDaysAgo = await page.evaluate((ms) => {
      const at = new Date(Date.now() - ms);
      return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    }, 20 * DAY_MS);
    await page.getByLabel('When').fill(twentyDaysAgo);
    const note = page.getByText("Entries older than 7 days go in your diary and report but don't count for your streak.");
    await look(page, note, 'diary-20-days', combo);
    await page.getByRole('button', { name: 'Save entry' }).click();
    await expect(page.getByText('Diary entry saved.')).toBeVisible();

    // The boards: the 20-character name whole.
    await page.goto('/root/leaderboard');
    const row = page.getByRole('list', { name: 'Best Current Streaks' }).getByRole('listitem').filter({ hasText: username });
    const name = row.getByText(username, { exact: true });
    await expect(name).toHaveText(username);
    expect(await name.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await look(page, row, 'board-name', combo);

    // Chat: a new conversation with a premium member found by name.
    await page.goto('/root/chat');
    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.getByRole('searchbox', { name: 'Search premium members' }).fill(peerName);
    const found = dialog.getByRole('list', { name: 'Premium members' }).getByRole('link');
    await expect(found).toHaveCount(1);
    await look(page, found, 'chat-new', combo);
    await found.click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(peerName);
    await look(page, heading, 'chat-thread', combo);

    // Offline: a warning toast, not an error, beside (not on) the banner; the sheet names the comment.
    await page.goto(`/root/poop/${postId}`);
    await expect(page.getByRole('heading', { name: POST_TITLE, level: 1 })).toBeVisible();
    await goOffline();
    try {
      const toast = page.getByRole('alert').filter({ hasText: MESSAGES.offline });
      await expect(toast).toHaveCount(1);
      await expect(toast).toHaveClass(/MuiAlert-colorWarning/);
      const banner = page.getByText('Offline — showing saved content');
      await expect(banner).toBeVisible();
      const [toastBox, bannerBox] = [await toast.boundingBox(), await banner.boundingBox()];
      expect(toastBox!.y >= bannerBox!.y + bannerBox!.height || toastBox!.y + toastBox!.height <= bannerBox!.y).toBe(true);
      await lookAtToast(page, toast, 'offline-toast', combo);

      const box = page.getByRole('textbox', { name: 'Add a comment' });
      await box.fill(COMMENT);
      await box.press('Enter');
      const badge = page.getByRole('button', { name: /^\d+ items? waiting to be sent$/ });
      await expect(badge).toBeVisible();
      await badge.focus();
      await badge.press('Enter');
      const sheet = page.getByRole('dialog', { name: /not sent yet/ });
      const item = sheet.getByRole('listitem').filter({ hasText: `Comment on '${POST_TITLE}': ${COMMENT}` });
      await expect(item).toHaveCount(1);
      await look(page, item, 'outbox-sheet', combo);
      await sheet.getByRole('button', { name: 'Close' }).click();
    } finally {
      await goOnline();
    }
    await expect(page.getByText(/^\d+ waiting actions? sent$/)).toBeVisible({ timeout: 20_000 });

    // A newcomer's first diary entry earns the moment a first post does (an account of its own: it is a first only once).
    const newcomerContext = await browser.newContext(contextOptions(combo));
    try {
      const newcomer = await newcomerContext.newPage();
      await register(newcomer);
      await newcomer.goto('/root/diary');
      await newcomer.getByRole('radio', { name: TYPE_4 }).check();
      await newcomer.getByRole('button', { name: 'Save entry' }).click();
      const moment = newcomer.getByRole('region', { name: 'Your first diary entry!' });
      await expect(moment.getByText('Day 1 of your streak. Log again tomorrow to keep it going.')).toBeVisible();
      // The finger leaves the screen: a toast under a resting pointer would never hide.
      await newcomer.mouse.move(0, 0);
      await look(newcomer, moment, 'first-entry', combo);
    } finally {
      await newcomerContext.close();
    }
  });
}

import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { jpegPhoto, register, waitForWorker } from './support';

/**
 * No screen is ever wider than the phone (issue 22, item 1): every screen under /root at 320
 * and 412 px wide, online, offline, and offline with writes waiting, keeps the page within the
 * screen's width and the bottom navigation fully in view; user names never break mid-word.
 */

const WIDTHS = [320, 412] as const;
const HEIGHT = 915;

async function myUid(page: Page): Promise<string> {
  const me = await page.request.get('/api/me');
  return ((await me.json()) as { user: { uid: string } }).user.uid;
}

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**', (route) => route.abort('internetdisconnected'));
}

/** The page fits the screen's width and the bottom navigation is wholly on screen. */
async function expectFits(page: Page, where: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav, where).toBeVisible();
  // Screens fill in as their data arrives: let what the network can still give arrive first.
  await page.waitForLoadState('networkidle');
  const sizes = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: innerWidth, height: innerHeight }));
  expect(sizes.scrollWidth, `${where}: page width`).toBeLessThanOrEqual(sizes.width);
  const box = await nav.boundingBox();
  expect(box, where).not.toBeNull();
  if (box === null) return;
  expect(box.x, `${where}: navigation left`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where}: navigation right`).toBeLessThanOrEqual(sizes.width + 0.5);
  expect(box.y + box.height, `${where}: navigation bottom`).toBeLessThanOrEqual(sizes.height + 0.5);
  // Its last tab too: the tabs can overflow the bar.
  const tab = await nav.getByRole('link', { name: 'Account' }).boundingBox();
  expect(tab, where).not.toBeNull();
  if (tab === null) return;
  expect(tab.x + tab.width, `${where}: last tab right`).toBeLessThanOrEqual(sizes.width + 0.5);
}

test('every screen fits the phone at 320 and 412 px, online, offline and with writes waiting', async ({ page, context }) => {
  test.setTimeout(420_000);
  // Someone to look at: their own page, lists, a post.
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const other = await context.browser()!.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  let otherUid: string;
  let postId: string;
  try {
    const otherPage = await other.newPage();
    await register(otherPage);
    otherUid = await myUid(otherPage);
    postId = randomUUID();
    const response = await otherPage.request.put(`/api/poops/${postId}`, {
      multipart: { type: 'Type 4', title: 'Layout check', description: '', private: 'false', showInMap: 'false', photo: await jpegPhoto() },
    });
    expect(response.status()).toBe(201);
  } finally {
    await other.close();
  }

  await register(page);
  const uid = await myUid(page);
  await waitForWorker(page);

  const screens = [
    '/root',
    '/root/map',
    '/root/create',
    '/root/diary',
    '/root/find',
    '/root/account',
    '/root/account/edit',
    '/root/account/help',
    '/root/account/activity',
    // The health diary (issue 43): the doctor's report and Download my data.
    '/root/account/report',
    '/root/account/data',
    '/root/leaderboard',
    '/root/leagues',
    '/root/notifications',
    '/root/premium',
    '/root/chat',
    `/root/poop/${postId}`,
    `/root/user/${otherUid}`,
    `/root/user/${uid}`,
    `/root/account/followers/${otherUid}`,
    `/root/account/followings/${otherUid}`,
    `/root/account/followers/${uid}`,
  ];
  const visitAll = async (state: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      for (const path of screens) {
        await page.goto(path);
        await expectFits(page, `${path} at ${width} px, ${state}`);
      }
    }
  };

  await visitAll('online');
  await goOffline(context);
  await visitAll('offline');

  // Offline, the user follows someone from their page: the follow waits, and the page still fits.
  await page.setViewportSize({ width: 412, height: HEIGHT });
  await page.goto(`/root/user/${otherUid}`);
  const name = page.getByRole('heading', { level: 1 });
  await expect(name).toBeVisible();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: /waiting to be sent/ })).toBeVisible();
  await expectFits(page, 'user page right after Follow, offline');
  // The name keeps to one line (an ellipsis if it must), never a column of syllables.
  const lines = await name.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
  expect(lines).toBeLessThan(1.5);
  // And a generated name (up to 17 characters) is shown whole on a phone: the buttons go under it.
  // (At 320 px the longest ones end in an ellipsis.)
  const cut = await name.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(cut, 'the name at 412 px').toBe(0);
  await visitAll('offline with a follow waiting');
});

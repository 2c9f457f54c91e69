import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { jpegPhoto, openAccount, profileName, register, signOut, submitEmailForm, uniqueEmail, waitForWorker } from './support';

/**
 * What a new user runs into in the first week (issue 22): the back arrow, deep links through
 * sign-in, the bottom bar and badges, the comment hint and chips, and the small things they look for.
 */

const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A second person in their own browser context (same device profile). */
async function otherPerson(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  return { context, page: await context.newPage() };
}

async function myUid(page: Page): Promise<string> {
  const me = await page.request.get('/api/me');
  return ((await me.json()) as { user: { uid: string } }).user.uid;
}

/** A public Type 4 post made through the API by the page's user; its id. */
async function apiPost(page: Page, title: string): Promise<string> {
  const id = randomUUID();
  const response = await page.request.put(`/api/poops/${id}`, {
    multipart: { type: 'Type 4', title, description: '', private: 'false', showInMap: 'false', photo: await jpegPhoto() },
  });
  expect(response.status()).toBe(201);
  return id;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const backArrow = (page: Page) => page.getByRole('button', { name: /^Back/ });

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found as NonNullable<typeof found>;
}

test('the back arrow returns to the previous screen with its scroll position, else to a parent (item 2)', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const author = await otherPerson(browser);
  try {
    await register(author.page);
    const authorUid = await myUid(author.page);
    const titles: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const title = uniqueTitle(`Scroll ${i}`);
      await apiPost(author.page, title);
      titles.push(title);
    }

    await register(page);
    const feed = page.getByRole('feed', { name: 'For you' });
    // Down the feed, then into a post: the arrow comes back to the same place, as the browser's back does.
    const target = feed.getByRole('article', { name: titles[3] });
    await target.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    // The wheel scrolls over several frames: the place to come back to is where it comes to rest.
    await expect
      .poll(async () => {
        const first = await page.evaluate(() => window.scrollY);
        await page.waitForTimeout(150);
        return first > 300 && first === (await page.evaluate(() => window.scrollY));
      })
      .toBe(true);
    const before = await page.evaluate(() => window.scrollY);
    await target.getByRole('link', { name: titles[3] }).click();
    await expect(page.getByRole('heading', { name: titles[3], level: 1 })).toBeVisible();
    await backArrow(page).click();
    await expect(page).toHaveURL(/\/root\/?$/);
    await expect(target).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 50);

    // User page -> post -> arrow: back on the user page, not the feed.
    await page.goto(`/root/user/${authorUid}`);
    await page.getByRole('link', { name: titles[0], exact: true }).click();
    await expect(page.getByRole('heading', { name: titles[0], level: 1 })).toBeVisible();
    await backArrow(page).click();
    await expect(page).toHaveURL(new RegExp(`/root/user/${authorUid}$`));

    // The user page has an arrow of its own: opened cold (a shared link), it goes to the feed.
    await backArrow(page).click();
    await expect(page).toHaveURL(/\/root\/?$/);

    // The leaderboard and notifications have one too, back to the feed.
    await page.getByRole('button', { name: /^Leaderboard/ }).click();
    await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
    await backArrow(page).click();
    await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await backArrow(page).click();
    await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();

    // A follower list goes back to its user page, opened from it or cold.
    await page.goto(`/root/user/${authorUid}`);
    await page.getByRole('link', { name: /followers?$/ }).click();
    await expect(page.getByRole('heading', { name: 'Followers', level: 1 })).toBeVisible();
    await backArrow(page).click();
    await expect(page).toHaveURL(new RegExp(`/root/user/${authorUid}$`));
    await page.goto(`/root/account/followings/${authorUid}`);
    await expect(page.getByRole('heading', { name: 'Following', level: 1 })).toBeVisible();
    await backArrow(page).click();
    await expect(page).toHaveURL(new RegExp(`/root/user/${authorUid}$`));
  } finally {
    await author.context.close();
  }
});

test('a shared link opened signed out opens after signing in; another site never does (item 3)', async ({ page, browser }) => {
  const author = await otherPerson(browser);
  try {
    await register(author.page);
    const title = uniqueTitle('Shared');
    const id = await apiPost(author.page, title);

    await page.goto(`/root/poop/${id}`);
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await submitEmailForm(page, uniqueEmail(), 'secret123');
    await expect(page).toHaveURL(new RegExp(`/root/poop/${id}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

    // Signed in again from a link that names another site: the feed, never elsewhere.
    const email = uniqueEmail();
    await signOut(page);
    await page.goto('/?next=%2F%2Fevil.example%2Froot');
    await submitEmailForm(page, email, 'secret123');
    await expect(page).toHaveURL(/localhost:\d+\/root\/?$/);
    await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
  } finally {
    await author.context.close();
  }
});

test('the bottom bar, badges, comment hint and chips stay out of the way (item 4)', async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const author = await otherPerson(browser);
  try {
    await register(author.page);
    const authorUid = await myUid(author.page);
    const title = uniqueTitle('Chips');
    const id = await apiPost(author.page, title);

    await register(page);
    // The 'New' word sits beside the leaderboard icon, not over it.
    const leaderboard = page.getByRole('button', { name: /^Leaderboard/ });
    expect(overlaps(await box(leaderboard.locator('svg')), await box(leaderboard.getByText('New', { exact: true })))).toBe(false);

    // Another user's follower list is not your Account.
    await page.goto(`/root/user/${authorUid}`);
    await page.getByRole('link', { name: /followers?$/ }).click();
    await expect(page.getByRole('heading', { name: 'Followers', level: 1 })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current', 'page');
    // Your own is.
    await openAccount(page);
    await page
      .getByRole('region', { name: 'Your profile' })
      .getByRole('link', { name: /followers?$/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Followers', level: 1 })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');

    // A phone has no Shift key to speak of: no Shift+Enter hint under the comment box.
    await waitForWorker(page);
    await page.goto(`/root/poop/${id}`);
    const comment = page.getByRole('textbox', { name: 'Add a comment' });
    await expect(comment).toBeVisible();
    await expect(page.getByText(/Shift\+Enter/)).toHaveCount(0);

    // Offline with a comment waiting: the chips never cover the comment box.
    await context.setOffline(true);
    await context.route('**', (route) => route.abort('internetdisconnected'));
    await comment.fill('Written offline');
    await comment.press('Enter');
    const pending = page.getByRole('button', { name: /waiting to be sent/ });
    await expect(pending).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The waiting-writes chip is the one chip of app screens offline (the offline note heads the screen).
    const chips = [pending];
    for (const target of [comment, page.getByRole('button', { name: 'Send comment' })]) {
      for (const chip of chips) {
        await expect.poll(async () => overlaps(await box(chip), await box(target))).toBe(false);
      }
    }
    await comment.click();
    await expect(comment).toBeFocused();
    await context.unroute('**');
    await context.setOffline(false);
  } finally {
    await author.context.close();
  }
});

test('with a hardware keyboard the comment box explains Shift+Enter (item 4)', async ({ browser }) => {
  const { baseURL } = test.info().project.use;
  const desktop = await browser.newContext({ baseURL, viewport: { width: 412, height: 915 }, hasTouch: false, isMobile: false });
  try {
    const page = await desktop.newPage();
    await register(page);
    const id = await apiPost(page, uniqueTitle('Desktop'));
    await page.goto(`/root/poop/${id}`);
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toBeVisible();
    await expect(page.getByText(/Shift\+Enter/)).toBeVisible();
  } finally {
    await desktop.close();
  }
});

test('My posts, the Help FAQ and tour, unblurred own photos, forgiving search, named stats (item 10)', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const other = await otherPerson(browser);
  try {
    // Someone with a short name to find, typed with a slip.
    await register(other.page);
    const name = `BraveOtter${Math.floor(Math.random() * 900) + 100}`;
    await openAccount(other.page);
    await other.page.getByRole('link', { name: 'Edit profile' }).click();
    await other.page.getByRole('textbox', { name: 'Username' }).fill(name);
    await other.page.getByRole('button', { name: 'Save username' }).click();
    await expect(other.page.getByText('Username saved.')).toBeVisible();

    await register(page);
    const title = uniqueTitle('Mine');
    await apiPost(page, title);

    // My own photo is not blurred for me, in the feed and on my page.
    await page.reload();
    const mine = page.getByRole('feed', { name: 'For you' }).getByRole('article', { name: title });
    await expect(mine.getByRole('img', { name: `Photo: ${title}` })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Show photo' })).toHaveCount(0);

    // Account -> My posts: my own page, my post, my stats named in words.
    await openAccount(page);
    const me = (await profileName(page).textContent())?.trim() ?? '';
    await page.getByRole('link', { name: 'My posts' }).click();
    await expect(page.getByRole('heading', { name: me, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
    const stats = page.getByRole('region', { name: 'Your stats' });
    await expect(stats.getByText('Type 4', { exact: true }).first()).toBeVisible();
    await expect(stats.getByText('Undecided', { exact: true }).first()).toBeVisible();
    const calendar = stats.getByRole('img', { name: 'Posting calendar' });
    for (const weekday of ['Mon', 'Wed', 'Fri']) await expect(calendar.getByText(weekday, { exact: true })).toBeVisible();
    // A 90-day calendar spans at least three months, each named over its weeks.
    await expect.poll(() => calendar.getByText(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/).count()).toBeGreaterThanOrEqual(2);
    // The chart's marks are in the app's colour (its buttons' primary), not the chart library's.
    const primary = await page.getByRole('link', { name: 'Edit profile' }).evaluate((el) => getComputedStyle(el).color);
    const markFill = await stats
      .locator('svg circle')
      .first()
      .evaluate((el) => getComputedStyle(el).fill);
    expect(markFill).toBe(primary);

    // Help: the questions people ask, and the tour.
    await openAccount(page);
    await page.getByRole('link', { name: 'Help' }).click();
    for (const question of [
      'What do the Bristol types mean?',
      'Who sees my photos?',
      'What happens when I am offline?',
      'How do I delete my data?',
    ]) {
      await expect(page.getByRole('heading', { name: question, level: 3 })).toBeVisible();
    }
    await page.getByRole('link', { name: 'How Plop works' }).click();
    await expect(page).toHaveURL(/\/onboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Plop' })).toBeVisible();

    // Search forgives two swapped letters and one letter too many.
    await page.goto('/root/find');
    const searchbox = page.getByRole('searchbox', { name: 'Search users' });
    const results = page.getByRole('list', { name: 'Search results' });
    for (const slip of ['brvae', 'Otterr']) {
      await searchbox.fill(slip);
      await expect(results.getByRole('link', { name })).toBeVisible();
    }
  } finally {
    await other.context.close();
  }
});

test('keyboard: after choosing a photo the focus goes on to the type, not the page body (issue 64)', async ({ page }) => {
  await register(page);
  await page.goto('/root/create');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a photo' }).click();
  await (await chooser).setFiles(await jpegPhoto());
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toBeVisible();
  // Not the page body: the next field, the type's first choice.
  await expect(page.getByRole('radiogroup').getByRole('radio').first()).toBeFocused();
  await expect(page.locator('body')).not.toBeFocused();
});

import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { jpegPhoto, registerDaysAgo } from './support';

/**
 * Names whole on the leaderboards (issue 64): at 320 and 412 px a 20-character name gets the row's
 * width (the count in a compact column), wrapping onto a second line rather than ending in "…".
 */

const DAY = 24 * 3_600_000;

/** A name of exactly 20 characters, unique to this run. */
const longName = () => `NimblePelican${Date.now().toString(36).slice(-7)}`.slice(0, 20);

/**
 * Eight days in a row (the server takes a post's time up to 7 days back), so the person is near the
 * top; the account is older than that (registerDaysAgo), since nothing dated before it counts.
 */
async function postEightDays(page: Page): Promise<void> {
  const photo = await jpegPhoto();
  for (let daysAgo = 7; daysAgo >= 0; daysAgo -= 1) {
    const response = await page.request.put(`/api/poops/${randomUUID()}`, {
      multipart: {
        type: 'Type 4',
        title: `Day ${8 - daysAgo}`,
        description: '',
        createdDate: new Date(Date.now() - daysAgo * DAY + 60_000).toISOString(),
        photo,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** On how many lines the element's text is laid out. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
}

/** The name is shown whole: its text is the name and nothing is cut off. */
async function expectWhole(name: Locator, expected: string): Promise<void> {
  await expect(name).toHaveText(expected);
  const box = await name.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    overflow: getComputedStyle(el).textOverflow,
  }));
  expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  expect(box.overflow).not.toBe('ellipsis');
}

for (const width of [320, 412]) {
  test(`a 20-character name is whole on the streak boards at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await registerDaysAgo(page, 8);
    const username = longName();
    expect(username).toHaveLength(20);
    const renamed = await page.request.patch('/api/me', { data: { username } });
    expect(renamed.status(), await renamed.text()).toBe(200);
    await postEightDays(page);

    await page.goto('/root/leaderboard');
    await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
    for (const board of ['Best Current Streaks', 'Best Longest Streaks']) {
      const row = page.getByRole('list', { name: board }).getByRole('listitem').filter({ hasText: username });
      await expect(row.getByText('8', { exact: true })).toBeVisible();
      await expectWhole(row.getByText(username, { exact: true }), username);
    }
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

/** A 15-character name, as most are (e.g. 'NimblePelican42'), unique to this run. */
const usualName = () => `Nimble${Date.now().toString(36).slice(-7)}42`.slice(0, 15);

for (const width of [320, 412]) {
  test(`a usual name is whole in the feed, on the league board and the leaderboard at ${width} px, on one line at 412`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await registerDaysAgo(page, 8);
    const username = usualName();
    expect(username).toHaveLength(15);
    expect((await page.request.patch('/api/me', { data: { username } })).status()).toBe(200);
    await postEightDays(page);
    const league = await page.request.put(`/api/leagues/${randomUUID()}`, { data: { name: 'Office regulars' } });
    expect(league.status(), await league.text()).toBe(201);
    const { id } = ((await league.json()) as { league: { id: string } }).league;
    // Where it must read whole; a word wider than its row is the only one that may break.
    const expectShown = async (name: Locator) => {
      await expectWhole(name, username);
      expect(await linesOf(name)).toBeLessThanOrEqual(width === 412 ? 1 : 2);
    };

    await page.goto('/root');
    const card = page.getByRole('feed', { name: 'For you' }).getByRole('article').filter({ hasText: username }).first();
    await expectShown(card.getByRole('link', { name: username, exact: true }));

    await page.goto(`/root/league/${id}`);
    await expectShown(page.getByRole('list', { name: 'League board' }).getByTestId('league-member-name'));

    await page.goto('/root/leaderboard');
    const row = page.getByRole('list', { name: 'Best Current Streaks' }).getByRole('listitem').filter({ hasText: username });
    await expectShown(row.getByText(username, { exact: true }));
    // The leaderboard gives a usual name one line at 320 px too (issue 64: not 'QuietRabbi/t38').
    expect(await linesOf(row.getByText(username, { exact: true }))).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

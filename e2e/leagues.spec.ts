import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../core/messages';
import { axeViolations, createPost, openAccount, register, submitEmailForm, uniqueEmail } from './support';

/**
 * Weekly leagues and achievements (issue 44): a league is created, a second user joins through
 * its link (signing in on the way), both see the same board; achievements show on the profile.
 */

/** What the league screens say in English (the app's own words are in its Lingui catalogs). */
const LEAGUE_TEXTS = {
  leagues: 'Leagues',
  noLeagues: 'You are not in a league yet. Create one and invite your friends.',
  nameLabel: 'League name',
  create: 'Create league',
  members: (count: number, max: number) => `${count} of ${max} members`,
  invite: 'Invite friends',
  joinTitle: (name: string) => `Join ${name}`,
  join: 'Join league',
  you: 'You',
  daysLogged: 'Days logged',
  streak: 'Streak',
  rotate: 'New invite code',
  leave: 'Leave league',
  confirm: 'Confirm',
} as const;
const achievementProgress = (title: string, current: number, target: number) => `${title}: ${current} of ${target}`;

/** The board's rows as a person reads them: rank, name, days, streak. */
async function boardRows(page: Page): Promise<string[]> {
  const board = page.getByRole('list', { name: 'League board' });
  await expect(board.getByRole('listitem').first()).toBeVisible();
  return (await board.getByRole('listitem').allInnerTexts()).map((text) =>
    text
      .replace(/\s+/g, ' ')

      .trim(),
  );
}

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), label).toEqual([]);
}

test('a league is created, a second user joins through its link, and both see the same board', async ({ browser, page }) => {
  test.setTimeout(180_000);
  await register(page);
  await createPost(page, `League day ${Date.now().toString(36)}`);

  // From the leaderboard to a new league.
  await page.getByRole('button', { name: 'Leaderboard New' }).click();
  await page.getByRole('link', { name: 'Leagues with friends' }).click();
  await expect(page.getByRole('heading', { name: LEAGUE_TEXTS.leagues, level: 1 })).toBeVisible();
  await expect(page.getByText(LEAGUE_TEXTS.noLeagues)).toBeVisible();
  const leagueName = `Office ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: LEAGUE_TEXTS.nameLabel }).fill(leagueName);
  await page.getByRole('button', { name: LEAGUE_TEXTS.create }).click();
  await expect(page.getByRole('heading', { name: leagueName, level: 1 })).toBeVisible();
  await expect(page.getByText(LEAGUE_TEXTS.members(1, 50))).toBeVisible();
  const invite = page.getByRole('region', { name: LEAGUE_TEXTS.invite });
  const link = (await invite.getByText(/\/root\/league\/join\//).innerText()).trim();
  expect(link).toMatch(/^http.*\/root\/league\/join\/[A-Z0-9]{8}$/);
  await expectNoAxeViolations(page, 'league page, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, 'league page, dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // A second person opens the link signed out: sign in, and back to the invitation.
  const other = await browser.newContext();
  const bob = await other.newPage();
  await bob.goto(new URL(link).pathname);
  await expect(bob).toHaveURL(/\/\?next=/);
  await submitEmailForm(bob, uniqueEmail('league'), 'secret123');
  await expect(bob).toHaveURL(/\/root\/league\/join\//);
  await expect(bob.getByRole('heading', { name: LEAGUE_TEXTS.joinTitle(leagueName) })).toBeVisible();
  // The sign-in's toast first: axe would read its colours halfway through its fade-in.
  await expect(bob.getByText(MESSAGES.loggedIn)).toBeVisible();
  await expectNoAxeViolations(bob, 'join page');
  await bob.getByRole('button', { name: LEAGUE_TEXTS.join }).click();
  await expect(bob.getByRole('heading', { name: leagueName, level: 1 })).toBeVisible();
  await expect(bob.getByText(LEAGUE_TEXTS.members(2, 50))).toBeVisible();

  await page.reload();
  await expect(page.getByText(LEAGUE_TEXTS.members(2, 50))).toBeVisible();
  const aliceBoard = await boardRows(page);
  const bobBoard = await boardRows(bob);
  expect(aliceBoard).toHaveLength(2);
  // The same board, each person's own row marked "You".
  expect(aliceBoard[0]).toContain(` ${LEAGUE_TEXTS.you} `);
  expect(bobBoard[1]).toContain(` ${LEAGUE_TEXTS.you} `);
  const unmarked = (rows: string[]) => rows.map((row) => row.replace(` ${LEAGUE_TEXTS.you} `, ' '));
  expect(unmarked(bobBoard)).toEqual(unmarked(aliceBoard));
  // The one who logged a day leads: rank 1, 1 day; the newcomer 0.
  expect(aliceBoard[0]).toMatch(new RegExp(`^1 .* 1 ${LEAGUE_TEXTS.daysLogged} 1 ${LEAGUE_TEXTS.streak}$`));
  expect(aliceBoard[1]).toMatch(new RegExp(`^2 .* 0 ${LEAGUE_TEXTS.daysLogged} 0 ${LEAGUE_TEXTS.streak}$`));
  // Only the owner removes members and makes a new code.
  await expect(page.getByRole('button', { name: LEAGUE_TEXTS.rotate })).toBeVisible();
  await expect(bob.getByRole('button', { name: LEAGUE_TEXTS.rotate })).toHaveCount(0);

  // Leaving is one tap, confirmed.
  await bob.getByRole('button', { name: LEAGUE_TEXTS.leave }).click();
  await bob.getByRole('dialog').getByRole('button', { name: LEAGUE_TEXTS.confirm }).click();
  await expect(bob.getByText(LEAGUE_TEXTS.noLeagues)).toBeVisible();
  await other.close();
});

test('achievements show on the profile with their date; locked ones greyed to their owner, hidden from others', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await register(page);
  await createPost(page, `First ${Date.now().toString(36)}`);
  await openAccount(page);
  // Account shows them too (issue 64), with how far the next ones are.
  const onAccount = page.getByRole('region', { name: 'Achievements' });
  await expect(onAccount.getByText('First post', { exact: true })).toBeVisible();
  await expect(onAccount.getByText(achievementProgress('30-day streak', 1, 30), { exact: true })).toBeVisible();
  await expect(onAccount.getByRole('progressbar', { name: achievementProgress('7-day streak', 1, 7) })).toHaveAttribute(
    'aria-valuenow',
    String(Math.round((1 / 7) * 100)),
  );
  // Its notification wears a trophy, not the person's own letter avatar.
  await page.goto('/root/notifications');
  const earnedNote = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'You earned "First post"' });
  await expect(earnedNote.getByTestId('achievement-icon')).toBeVisible();
  await openAccount(page);
  await page.getByRole('link', { name: 'My posts' }).click();
  const mine = page.getByRole('region', { name: 'Achievements' });
  await expect(mine.getByText('First post', { exact: true })).toBeVisible();
  await expect(mine.getByText(/Share your first post\. Earned /)).toBeVisible();
  await expect(mine.getByRole('listitem', { name: '7-day streak, Not earned yet' })).toBeVisible();
  const profileUrl = page.url();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `profile with achievements, ${colorScheme}`);
  }

  const other = await browser.newContext();
  const viewer = await other.newPage();
  await register(viewer);
  await viewer.goto(new URL(profileUrl).pathname);
  const theirs = viewer.getByRole('region', { name: 'Achievements' });
  await expect(theirs.getByText('First post', { exact: true })).toBeVisible();
  await expect(theirs.getByText('7-day streak')).toHaveCount(0);
  await other.close();
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 800 } });

  test('the board gives a long name its whole width, marks your own row, shows the time left, and a row opens the profile', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await register(page);
    const name = `Marigoldwithaverylong${Date.now().toString(36)}`.slice(0, 30);
    const renamed = await page.request.patch('/api/me', { data: { username: name }, headers: { origin: new URL(page.url()).origin } });
    expect(renamed.ok(), await renamed.text()).toBe(true);
    await page.goto('/root/leagues');
    await page.getByRole('textbox', { name: LEAGUE_TEXTS.nameLabel }).fill(`Narrow ${Date.now().toString(36)}`);
    await page.getByRole('button', { name: LEAGUE_TEXTS.create }).click();

    const board = page.getByRole('list', { name: 'League board' });
    const mine = board.getByRole('listitem').filter({ hasText: name });
    await expect(mine.getByText(LEAGUE_TEXTS.you, { exact: true })).toBeVisible();
    const shown = mine.getByTestId('league-member-name');
    await expect(shown).toHaveText(name);
    // Whole: nothing cut off with an ellipsis, nothing wider than its box.
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
    await expect(page.getByTestId('league-time-left')).toHaveText(/^(\d+ days? left|\d+ hours? left|Less than an hour left)$/);
    await expectNoAxeViolations(page, 'league board at 320 px');

    await mine.getByRole('link').click();
    await expect(page).toHaveURL(/\/root\/user\/[^/]+$/);
    await expect(page.getByText(name).first()).toBeVisible();
  });
});

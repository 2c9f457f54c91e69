import { expect, test } from '@playwright/test';
import { openAccount, register } from './support';

/**
 * The diary's first days (issue 64 §2): a first diary-only entry earns the moment a first post
 * does, and is in Activity at once.
 */

const TYPE_4 = 'Type 4 — Smooth, soft sausage or snake';

test("a new user's first diary-only entry earns the first-entry moment and is at once in Activity", async ({ page }) => {
  test.setTimeout(120_000);
  await register(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await page.getByRole('link', { name: 'Diary only (no photo)' }).click();
  await expect(page.getByRole('heading', { name: 'Diary entry', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: TYPE_4 }).check();
  await page.getByRole('button', { name: 'Save entry' }).click();
  await expect(page.getByText('Diary entry saved.')).toBeVisible();

  // The moment a first post gets: day 1 of the streak, said for an entry.
  await expect(page).toHaveURL(/\/root\/account\/activity/);
  const moment = page.getByRole('region', { name: 'Your first diary entry!' });
  await expect(moment).toBeVisible();
  await expect(moment.getByText('Day 1 of your streak. Log again tomorrow to keep it going.')).toBeVisible();
  await moment.getByRole('button', { name: 'Close' }).click();
  await expect(moment).toHaveCount(0);

  // Opened again from Account: the entry is there, without waiting for anything else.
  await openAccount(page);
  await page.getByRole('link', { name: 'Activity' }).click();
  const diary = page.getByRole('region', { name: 'My health diary' });
  await expect(
    diary
      .getByRole('table', { name: 'Bristol types over time' })
      .getByRole('row', { name: /Type 4 ×1/ })
      .first(),
  ).toBeVisible();
  await expect(diary.getByRole('list', { name: 'At a glance' }).getByRole('listitem')).toHaveText([
    'Days logged1 of 14 days1 movement, 0.1 a day on average.',
    'Most common typeType 41 of 1 movement.',
    'Warning signsNoneNo warning signs in this period.',
  ]);

  // At 320 px the screen reads without scrolling sideways.
  await page.setViewportSize({ width: 320, height: 800 });
  await expect(diary.getByRole('list', { name: 'At a glance' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

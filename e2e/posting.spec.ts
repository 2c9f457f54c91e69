import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FEED_PAGE_SIZE } from '../core/constants';
import { POOP_MESSAGES } from '../core/messages';
import { jpegPhoto, register } from './support';

const TYPE_4 = 'Type 4 — Smooth, soft sausage or snake';

const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openCreate(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Create a post', level: 1 })).toBeVisible();
}

/** Picks the photo the way a person does: "Choose a photo", then the file chooser. */
async function choosePhoto(page: Page): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a photo' }).click();
  await (await chooser).setFiles(await jpegPhoto());
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toBeVisible();
}

/** Creates a post from the Create tab and waits for it at the top of 'For you'. */
async function post(page: Page, title: string): Promise<Locator> {
  await openCreate(page);
  await choosePhoto(page);
  await page.getByRole('radio', { name: TYPE_4 }).check();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Description' }).fill('Right after breakfast.');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Posted!')).toBeVisible();
  await expect(page).toHaveURL(/\/root\/?$/);
  const feed = page.getByRole('feed', { name: 'For you' });
  await expect(feed.getByRole('article').first()).toHaveAccessibleName(title);
  return feed.getByRole('article', { name: title });
}

test('a post goes to the top of the feed; another user likes and comments; the owner deletes it', async ({ page, browser }) => {
  await register(page);
  const title = uniqueTitle('Morning');
  const card = await post(page, title);
  await expect(card.getByText(TYPE_4)).toBeVisible();
  // Just posted: 'Now', or a few seconds on a slow machine (spec: seconds are a unit of relative time).
  await expect(card.getByText(/^(Now|\d+ seconds? ago)$/)).toBeVisible();

  // Your own photo is never blurred for you.
  const ownPhoto = card.getByRole('img', { name: `Photo: ${title}` });
  await expect(ownPhoto).toBeVisible();
  await expect(card.getByRole('button', { name: 'Show photo' })).toHaveCount(0);

  // Another user, in another browser.
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const other = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  const otherPage = await other.newPage();
  try {
    await register(otherPage);
    const otherCard = otherPage.getByRole('feed', { name: 'For you' }).getByRole('article', { name: title });
    // For anyone else the photo is blurred until tapped: no image to see yet, only "Show photo".
    const photo = otherCard.getByRole('img', { name: `Photo: ${title}` });
    await expect(otherCard.getByRole('button', { name: 'Show photo' })).toBeVisible();
    await expect(photo).toHaveCount(0);
    await otherCard.getByRole('button', { name: 'Show photo' }).click();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(otherCard.getByRole('button', { name: 'Hide photo' })).toBeFocused();
    const like = otherCard.getByRole('button', { name: /^Like/ });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveAccessibleName('Like, 0 likes');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAccessibleName('Like, 1 like');

    await otherCard.getByRole('link', { name: '0 comments' }).click();
    await expect(otherPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(otherPage.getByText('Right after breakfast.')).toBeVisible();
    // The like made in the feed is already on the post's page.
    await expect(otherPage.getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'true');
    const box = otherPage.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('Looks healthy!');
    await box.press('Enter');
    await expect(otherPage.getByRole('listitem').filter({ hasText: 'Looks healthy!' })).toBeVisible();
    await expect(otherPage.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    await expect(box).toHaveValue('');
    await otherPage.getByRole('button', { name: 'Like comment, 0 likes' }).click();
    await expect(otherPage.getByRole('button', { name: 'Like comment, 1 like' })).toHaveAttribute('aria-pressed', 'true');

    // Back in the feed the counts follow without a refetch.
    await otherPage.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(otherCard.getByRole('link', { name: '1 comment' })).toBeVisible();
    await expect(otherCard.getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'true');

    // The author refreshes and sees them too.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(card.getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'false');
    await expect(card.getByRole('link', { name: '1 comment' })).toBeVisible();

    // The author deletes it: it leaves the feed, for everyone.
    await card.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Looks healthy!' })).toBeVisible();
    const postUrl = page.url();
    await page.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/root\/?$/);
    await expect(page.getByText('Post deleted.')).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);

    await otherPage.getByRole('button', { name: 'Refresh' }).click();
    await expect(otherPage.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(otherCard).toHaveCount(0);
    await otherPage.goto(postUrl);
    await expect(otherPage.getByRole('heading', { name: 'This post is not available' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('the owner edits a post from its page', async ({ page }) => {
  await register(page);
  const title = uniqueTitle('Before');
  const card = await post(page, title);
  await card.getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit post' });
  const renamed = uniqueTitle('After');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(renamed);
  await dialog.getByRole('radio', { name: 'Type 2 — Lumpy and sausage-like' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Post updated.')).toBeVisible();
  await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  await expect(page.getByText('Type 2 — Lumpy and sausage-like')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post options' })).toBeFocused();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('feed', { name: 'For you' }).getByRole('article').first()).toHaveAccessibleName(renamed);
});

test('the create form asks for a photo and a type, and counts the title', async ({ page }) => {
  await register(page);
  await openCreate(page);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText(POOP_MESSAGES.photoMissing)).toBeVisible();
  await expect(page.getByText(POOP_MESSAGES.typeInvalid)).toBeVisible();
  // Focus goes to the first thing missing: the photo ("Take a photo" on a phone).
  await expect(page.getByRole('button', { name: 'Take a photo' })).toBeFocused();
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('x'.repeat(101));
  await expect(page.getByText(POOP_MESSAGES.titleTooLong)).toBeVisible();
  await expect(page.getByText('101/100')).toBeVisible();
  await title.fill('Fine');
  await expect(page.getByText('4/100')).toBeVisible();
  await expect(page.getByText(POOP_MESSAGES.titleTooLong)).toBeHidden();
});

test('a guest who tries to post is asked to create an account', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Try it first' }).click();
  await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
  await openCreate(page);
  await choosePhoto(page);
  await page.getByRole('radio', { name: TYPE_4 }).check();
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const wall = page.getByRole('dialog', { name: 'Create your account' });
  await expect(wall.getByText('You need an account to post.')).toBeVisible();
});

test('the feed loads the next page as the user scrolls', async ({ page }) => {
  await register(page);
  // Seed more than a page of posts through the API, as this user.
  const photo = await jpegPhoto();
  const titles: string[] = [];
  for (let index = 0; index < FEED_PAGE_SIZE + 2; index += 1) {
    const title = uniqueTitle(`Seeded ${index}`);
    titles.push(title);
    const response = await page.request.put(`/api/poops/${randomUUID()}`, { multipart: { type: 'Type 3', title, photo } });
    expect(response.status()).toBe(201);
  }
  await page.getByRole('button', { name: 'Refresh' }).click();
  const feed = page.getByRole('feed', { name: 'For you' });
  await expect(feed.getByRole('article').first()).toHaveAccessibleName(titles.at(-1) ?? '');
  // The oldest seeded post is on the second page: scrolling (or "Load more") brings it.
  const oldest = feed.getByRole('article', { name: titles[0] });
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(oldest).toBeVisible({ timeout: 1000 });
  }).toPass();
  expect(await feed.getByRole('article').count()).toBeGreaterThan(FEED_PAGE_SIZE);
});

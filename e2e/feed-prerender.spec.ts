import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { holdAppCode, jpegPhoto, recordTakeOver, register, takeOverRecord } from './support';

const TYPE_4 = 'Type 4 — Smooth, soft sausage or snake';

test('the signed-in feed paints from the HTML, and the app takes it over without a shift or a second read', async ({ page, browser }) => {
  await register(page);
  const title = `Server rendered ${Date.now().toString(36)}`;
  const origin = new URL(page.url()).origin;
  const created = await page.request.put(`/api/poops/${randomUUID()}`, {
    headers: { origin },
    multipart: { type: 'Type 4', title, description: 'Seen before the app starts', photo: await jpegPhoto() },
  });
  expect(created.status()).toBe(201);

  // The same account in a browser that has never run the app (no service worker): the server's page.
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const { cookies } = await page.context().storageState();
  const fresh = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    storageState: { cookies, origins: [] },
  });
  try {
    const visit = await fresh.newPage();
    await recordTakeOver(visit);
    const release = await holdAppCode(visit);
    let feedReads = 0;
    visit.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/poops/feed') feedReads += 1;
    });

    await visit.goto('/root', { waitUntil: 'commit' });
    // Before any of the app's code has run: the screen from the HTML, the post with its type and its blurred photo.
    const rendered = visit.locator('.plop-prerender');
    await expect(rendered.getByText(title)).toBeVisible();
    await expect(rendered.getByText(TYPE_4).first()).toBeVisible();
    await expect(rendered.getByText('Show photo').first()).toBeVisible();
    await expect(rendered.getByText('For you', { exact: true })).toBeVisible();
    // It takes no taps it could not answer: inert until the app replaces it.
    await expect(rendered).toHaveAttribute('inert', '');

    release();
    const card = visit.getByRole('feed', { name: 'For you' }).getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(visit.locator('.plop-prerender')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Show photo' })).toBeEnabled();
    expect(await takeOverRecord(visit)).toEqual({ layoutShift: 0, rootEmptied: false });
    // The first page came with the HTML: the app did not ask for it again.
    expect(feedReads).toBe(0);
  } finally {
    await fresh.close();
  }
});

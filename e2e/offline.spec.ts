import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { MESSAGES } from '../core/messages';
import { API_CACHE_NAME, API_READS_CACHE_NAME, QUERY_CACHE_DB_NAME, QUERY_CACHE_KEY, QUERY_CACHE_STORE } from '../core/offline-caches';
import { createPost, jpegPhoto, register, setContextOffline, throttleCpu, waitForWorker } from './support';

/**
 * Offline-first, end to end, with the service worker in control: writes made offline wait in
 * the outbox (shown pending, surviving a reload), recent content reads offline, and coming back
 * online sends every write exactly once, replayed without the Background Sync API.
 */

const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Cuts the network for the page and the worker alike. */
async function goOffline(context: BrowserContext): Promise<void> {
  await setContextOffline(context, true);
  await context.route('**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**');
  await setContextOffline(context, false);
}

/** A post made through the API by another user (multipart PUT under a client UUID). */
async function apiPost(request: APIRequestContext, title: string): Promise<string> {
  const id = randomUUID();
  const photo = await jpegPhoto();
  const response = await request.put(`/api/poops/${id}`, {
    multipart: { type: 'Type 4', title, description: '', private: 'false', showInMap: 'false', photo },
  });
  expect(response.status()).toBe(201);
  return id;
}

/** A post by another user, made from a browser context of their own. */
async function postAsSomeoneElse(browser: Browser, title: string): Promise<void> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const author = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const authorPage = await author.newPage();
    await register(authorPage);
    await apiPost(authorPage.request, title);
  } finally {
    await author.close();
  }
}

/** The query cache the app saved in IndexedDB (what it shows on its next start), as saved: JSON text, or '' when none. */
function savedQueryCache(page: Page): Promise<string> {
  return page.evaluate(
    ({ name, store, key }) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error ?? new Error('IndexedDB could not be opened'));
        open.onsuccess = () => {
          const read = open.result.transaction(store).objectStore(store).get(key);
          read.onerror = () => reject(read.error ?? new Error('The saved cache could not be read'));
          read.onsuccess = () => resolve(String(read.result ?? ''));
        };
      }),
    { name: QUERY_CACHE_DB_NAME, store: QUERY_CACHE_STORE, key: QUERY_CACHE_KEY },
  );
}

/** Presses a button from the keyboard (fixed chips and the bottom bar may cover it on a small screen). */
async function press(locator: ReturnType<Page['locator']>): Promise<void> {
  // As a person does, wait until it can be used (a control is disabled until the user is known).
  await expect(locator).toBeEnabled();
  await locator.focus();
  await locator.press('Enter');
}

const pendingBadge = (page: Page, count: number) =>
  page.getByRole('button', { name: `${count} ${count === 1 ? 'item' : 'items'} waiting to be sent` });

test.beforeEach(async ({ context, page }) => {
  // E2E_CPU_THROTTLE=4 (scripts/e2e-throttled.mjs): the same steps on a CPU four times slower.
  await throttleCpu(page);
  // No Background Sync: the replay must come from the page's own triggers ('online', start, ...).
  await context.addInitScript(() => {
    Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined, configurable: true });
    delete (window as unknown as { SyncManager?: unknown }).SyncManager;
  });
});

test('writes made offline wait, survive a reload, and arrive exactly once when back online', async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const author = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const authorPage = await author.newPage();
    await register(authorPage);
    const first = uniqueTitle('First');
    const second = uniqueTitle('Second');
    const doomed = uniqueTitle('Doomed');
    const firstId = await apiPost(authorPage.request, first);
    const secondId = await apiPost(authorPage.request, second);
    const doomedId = await apiPost(authorPage.request, doomed);

    await register(page);
    await waitForWorker(page);
    // Reload once controlled, so the feed and the post's page are read through the worker's cache.
    await page.reload();
    const feed = page.getByRole('feed', { name: 'For you' });
    await expect(feed.getByRole('article', { name: first })).toBeVisible();
    await feed.getByRole('article', { name: first }).getByRole('link', { name: first }).click();
    await expect(page.getByRole('heading', { name: first, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
    await page.goBack();
    await expect(feed.getByRole('article', { name: first })).toBeVisible();

    // --- Offline: post a photo, like two posts, comment. -----------------------------------
    await goOffline(context);
    // The change to offline: the banner, and the spec's 'You are offline.' toast once; no 'Offline' chip.
    await expect(page.getByText('Offline — showing saved content')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.offline })).toHaveCount(1);
    const mine = uniqueTitle('Offline post');
    await createPost(page, mine);
    const pendingPost = page.getByRole('article', { name: mine });
    await expect(pendingPost.getByText('Waiting for connection')).toBeVisible();
    await expect(pendingPost.getByRole('img', { name: `Photo of ${mine}` })).toBeVisible();

    for (const title of [first, second]) {
      const like = feed.getByRole('article', { name: title }).getByRole('button', { name: /^Like/ });
      await press(like);
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(like).toHaveAccessibleName('Like, 1 like, waiting for connection');
    }

    await feed.getByRole('article', { name: first }).getByRole('link', { name: first }).click();
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('Written offline');
    await box.press('Enter');
    const comment = page.getByRole('listitem').filter({ hasText: 'Written offline' });
    await expect(comment.getByText('Waiting for connection')).toBeVisible();
    await expect(pendingBadge(page, 4)).toBeVisible();
    // The sheet names each waiting action by its post (issue 64), not 'Like / Comment / New post'.
    await press(pendingBadge(page, 4));
    const sheet = page.getByRole('dialog', { name: '4 items are not sent yet' });
    await expect(sheet.getByRole('listitem')).toHaveText([
      new RegExp(`^New post '${mine}'`),
      new RegExp(`^Like on '${first}'`),
      new RegExp(`^Like on '${second}'`),
      new RegExp(`^Comment on '${first}': Written offline`),
    ]);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toBeHidden();

    // --- Reload while still offline: the saved feed and post, and the queued items. --------
    // The queued writes wait for the connection: none is tried (and fails) while the browser is offline.
    const tried: string[] = [];
    const onRequest = (request: Request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/'))
        tried.push(`${request.method()} ${request.url()}`);
    };
    page.on('request', onRequest);
    await page.reload();
    await expect(page.getByRole('heading', { name: first, level: 1 })).toBeVisible();
    await expect(page.getByText('Offline — showing saved content')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Written offline' }).getByText('Waiting for connection')).toBeVisible();
    await expect(pendingBadge(page, 4)).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(feed.getByRole('article', { name: second })).toBeVisible();
    await expect(page.getByRole('article', { name: mine }).getByText('Waiting for connection')).toBeVisible();
    await expect(feed.getByRole('article', { name: second }).getByRole('button', { name: /^Like/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // On the home screen the note heads the page above the top bar, and nothing covers it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const note = page.getByText('Offline — showing saved content');
    await expect
      .poll(() =>
        note.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
        }),
      )
      .toBe(true);

    page.off('request', onRequest);
    expect(tried).toEqual([]);

    // --- Online: everything arrives once (no Sync API here: the 'online' event replays). ---
    await goOnline(context);
    await expect(pendingBadge(page, 4)).toBeHidden({ timeout: 20_000 });
    // Back online, what went out is said in one line (after the 'back online' toast).
    await expect(page.getByText('4 waiting actions sent')).toBeVisible({ timeout: 20_000 });
    await expect(feed.getByRole('article', { name: mine })).toBeVisible();
    await expect(page.getByText('Waiting for connection')).toHaveCount(0);

    const api = page.request;
    const feedTitles = async () => {
      const body = (await (await api.get('/api/poops/feed')).json()) as { poops: Array<{ title: string }> };
      return body.poops.map((poop) => poop.title);
    };
    expect((await feedTitles()).filter((title) => title === mine)).toHaveLength(1);
    for (const id of [firstId, secondId]) {
      const { poop } = (await (await api.get(`/api/poops/${id}`)).json()) as { poop: { likes: number; likedByMe: boolean } };
      expect(poop).toMatchObject({ likes: 1, likedByMe: true });
    }
    const comments = async () => {
      const body = (await (await api.get(`/api/poops/${firstId}/comments`)).json()) as { comments: Array<{ text: string }> };
      return body.comments.map((entry) => entry.text);
    };
    expect(await comments()).toEqual(['Written offline']);

    // --- A like queued on a post its owner deletes meanwhile: dropped, with a message. -------
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const doomedCard = feed.getByRole('article', { name: doomed });
    await expect(doomedCard).toBeVisible();
    await goOffline(context);
    await press(doomedCard.getByRole('button', { name: /^Like/ }));
    await expect(pendingBadge(page, 1)).toBeVisible();
    expect((await authorPage.request.delete(`/api/poops/${doomedId}`)).ok()).toBe(true);
    await goOnline(context);
    // Toasts queue behind the connectivity ones, hence the long wait.
    await expect(page.getByText(/^Like not sent: /)).toBeVisible({ timeout: 45_000 });
    await expect(pendingBadge(page, 1)).toBeHidden();
    await expect(doomedCard).toBeHidden();

    // --- Flap the connection while a comment waits: still exactly once. ----------------------
    await goOffline(context);
    await feed.getByRole('article', { name: first }).getByRole('link', { name: first }).click();
    await page.getByRole('textbox', { name: 'Add a comment' }).fill('Flapping');
    await page.getByRole('textbox', { name: 'Add a comment' }).press('Enter');
    await expect(pendingBadge(page, 1)).toBeVisible();
    for (let flap = 0; flap < 4; flap += 1) {
      await goOnline(context);
      await page.waitForTimeout(150 + flap * 100);
      await goOffline(context);
    }
    await goOnline(context);
    await expect(pendingBadge(page, 1)).toBeHidden({ timeout: 20_000 });
    expect(await comments()).toEqual(['Written offline', 'Flapping']);

    // --- Signing out with items pending asks first. ------------------------------------------
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await goOffline(context);
    await press(feed.getByRole('article', { name: second }).getByRole('button', { name: /^Like/ }));
    await expect(pendingBadge(page, 1)).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: '1 item is not sent yet' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: '1 item is not sent yet' }).getByRole('button', { name: 'Sign out anyway' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(pendingBadge(page, 1)).toBeHidden();
    await goOnline(context);
    // The discarded unlike never reached the server.
    const { poop } = (await (await authorPage.request.get(`/api/poops/${secondId}`)).json()) as { poop: { likes: number } };
    expect(poop.likes).toBe(1);
  } finally {
    await author.close();
  }
});

test('a post opened offline from the feed shows the comments it had', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const author = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const authorPage = await author.newPage();
    await register(authorPage);
    const title = uniqueTitle('Commented');
    const id = await apiPost(authorPage.request, title);
    const text = 'Nice one, saved for reading offline';
    const posted = await authorPage.request.post(`/api/poops/${id}/comments`, { data: { id: randomUUID(), text } });
    expect(posted.status()).toBe(201);

    await register(page);
    await waitForWorker(page);
    await page.reload();
    const feed = page.getByRole('feed', { name: 'For you' });
    // Only seen in the feed, never opened: its comments are kept with it.
    await expect(feed.getByRole('article', { name: title })).toBeVisible();
    await expect.poll(() => savedQueryCache(page), { timeout: 15_000 }).toContain(text);

    await goOffline(context);
    await feed.getByRole('article', { name: title }).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Comments' }).getByText(text)).toBeVisible();

    // Reopened offline, the app still has them.
    await page.reload();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Comments' }).getByText(text)).toBeVisible();
    await goOnline(context);
  } finally {
    await author.close();
  }
});

test('reopened while the server is slow to say who is signed in, the app shows the saved feed at once', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = uniqueTitle('Saved');
  await postAsSomeoneElse(browser, title);
  await register(page);
  await waitForWorker(page);
  await page.reload();
  const feed = page.getByRole('feed', { name: 'For you' });
  await expect(feed.getByRole('article', { name: title })).toBeVisible();
  // The app saves what it read (IndexedDB) a moment later.
  await expect.poll(() => savedQueryCache(page)).toContain(title);

  // A slow connection: the server's answer to who is signed in (GET /api/me) is held, and the worker
  // has no copy of it to answer with instead.
  await page.evaluate((name) => caches.open(name).then((cache) => cache.delete('/api/me', { ignoreVary: true })), API_CACHE_NAME);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let answered = false;
  await context.route('**/api/me', async (route) => {
    await held;
    await route.continue();
    answered = true;
  });
  await page.reload();
  // The saved feed shows while the answer is still held, not the skeleton until it comes.
  await expect(feed.getByRole('article', { name: title })).toBeVisible();
  expect(answered).toBe(false);
  release();
  await expect.poll(() => answered).toBe(true);
  // The server confirms the user: still signed in, on the feed.
  await expect(page).toHaveURL(/\/root\/?$/);
  await expect(feed.getByRole('article', { name: title })).toBeVisible();
  await context.unroute('**/api/me');
});

test('opened twice with the network off, the app shows the feed saved on the last visit both times', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const title = uniqueTitle('Twice');
  await postAsSomeoneElse(browser, title);
  // A first visit: the feed is read as the worker installs, so the worker may hold no copy of it.
  await register(page);
  const feed = page.getByRole('feed', { name: 'For you' });
  await expect(feed.getByRole('article', { name: title })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => savedQueryCache(page)).toContain(title);
  await page.evaluate((name) => caches.delete(name), API_READS_CACHE_NAME);

  await goOffline(context);
  let failedReads = 0;
  page.on('requestfailed', (request) => {
    if (request.url().includes('/api/poops/feed')) failedReads++;
  });
  await page.reload();
  await expect(feed.getByRole('article', { name: title })).toBeVisible();
  // The feed is read again, and fails with each of the query's retries (the Refresh button is
  // disabled until the last has failed); the app then saves its cache once more, with the feed it shows.
  await expect.poll(() => failedReads, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled({ timeout: 15_000 });
  const failedAt = Date.now();
  const savedAt = async () => (JSON.parse((await savedQueryCache(page)) || '{"timestamp":0}') as { timestamp: number }).timestamp;
  await expect.poll(savedAt).toBeGreaterThan(failedAt);
  expect(await savedQueryCache(page)).toContain(title);

  await page.reload();
  await expect(feed.getByRole('article', { name: title })).toBeVisible();
  await expect(page.getByText(/The feed did not load/)).toHaveCount(0);
  await goOnline(context);
});

test('a follow made offline is shown pending and arrives once when back online', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const followed = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const followedPage = await followed.newPage();
    await register(followedPage);
    const { user } = (await (await followedPage.request.get('/api/me')).json()) as { user: { uid: string; username: string } };

    await register(page);
    await waitForWorker(page);
    await page.goto(`/root/user/${user.uid}`);
    await expect(page.getByRole('heading', { name: user.username, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: '0 followers' })).toBeVisible();

    await goOffline(context);
    await expect(page.getByText('Offline — showing saved content')).toBeVisible();
    // The change to offline brings the spec's offline toast, once; the write adds no other.
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.offline })).toHaveCount(1);
    await press(page.getByRole('button', { name: 'Follow', exact: true }));
    const unfollow = page.getByRole('button', { name: 'Unfollow', exact: true });
    await expect(unfollow).toBeVisible();
    await expect(unfollow).toHaveAccessibleDescription('Waiting for connection');
    await expect(pendingBadge(page, 1)).toBeVisible();
    await expect(page.getByRole('link', { name: '1 follower' })).toBeVisible();

    await goOnline(context);
    await expect(pendingBadge(page, 1)).toBeHidden({ timeout: 20_000 });
    await expect(unfollow).not.toHaveAccessibleDescription('Waiting for connection');
    await expect(page.getByRole('link', { name: '1 follower' })).toBeVisible();
    const body = (await (await followedPage.request.get(`/api/users/${user.uid}/followers`)).json()) as { users: unknown[] };
    expect(body.users).toHaveLength(1);
    const { user: after } = (await (await followedPage.request.get(`/api/users/${user.uid}`)).json()) as { user: { followers: number } };
    expect(after.followers).toBe(1);
  } finally {
    await followed.close();
  }
});

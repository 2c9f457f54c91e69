import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { MAP_MESSAGES, mapClusterLabel } from '../core/map-messages';
import { jpegPhoto, register, untilStill, waitForWorker } from './support';

/**
 * The map, end to end: posts made through the API by another user show as markers on the
 * canvas, clustered with their count; a cluster splits when zoomed; a marker's card opens the
 * post; the List shows the same posts; after one visit the map and its markers show offline.
 */

/** localStorage key of the map's last view (src/features/map/map-view.ts). */
const MAP_VIEW_STORAGE_KEY = 'plop.map.view';

/** A place of this test's own, at random (the e2e database is shared by the whole suite). */
function randomSpot() {
  return { latitude: -40 + Math.random() * 90, longitude: -170 + Math.random() * 330 };
}

/**
 * Another user posts four private posts far away (their home area) and then three posts on the
 * map ~2 km apart around `spot` (each in its own ~1 km cell), which show to others.
 */
async function seedPosts(browser: Browser, spot: { latitude: number; longitude: number }) {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const author = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const page = await author.newPage();
    await register(page);
    const me = await page.request.get('/api/me');
    const username: string = (await me.json()).user.username;
    const photo = await jpegPhoto();
    const post = async (latitude: number, longitude: number, isPrivate: boolean) => {
      const id = randomUUID();
      const response = await page.request.put(`/api/poops/${id}`, {
        multipart: {
          type: 'Type 4',
          title: '',
          description: '',
          private: String(isPrivate),
          showInMap: 'true',
          latitude: String(latitude),
          longitude: String(longitude),
          photo,
        },
      });
      expect(response.status()).toBe(201);
      return id;
    };
    // The private ones first: they make the far place the home area (hidden for good). They are
    // four, more than the public three, which may share one ~5 km cell: a tie would hide that
    // cell too (core/map-privacy.ts), so each public post, one per ~1 km cell, shows to others.
    for (let i = 0; i < 4; i += 1) await post(spot.latitude + 5, spot.longitude + 5, true);
    const ids: string[] = [];
    for (const [dLat, dLon] of [
      [0, 0],
      [0.02, 0.01],
      [-0.01, 0.025],
    ] as const) {
      ids.push(await post(spot.latitude + dLat, spot.longitude + dLon, false));
    }
    return { ids: ids.sort(), username };
  } finally {
    await author.close();
  }
}

/** Opens the map on `spot` at a zoom where the three posts are one cluster. */
async function openMapAt(page: Page, spot: { latitude: number; longitude: number }) {
  await page.evaluate(([key, view]) => localStorage.setItem(key, JSON.stringify(view)), [
    MAP_VIEW_STORAGE_KEY,
    { longitude: spot.longitude, latitude: spot.latitude, zoom: 9 },
  ] as const);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
  await expect(page.getByRole('heading', { name: MAP_MESSAGES.title, level: 1 })).toBeVisible();
  await expect(page.getByLabel(MAP_MESSAGES.canvasLabel)).toBeVisible();
}

const postMarkers = (page: Page, username: string) => page.getByRole('button', { name: new RegExp(`^Type 4 by ${username}, `) });

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**', (route) => route.abort('internetdisconnected'));
}

test('posts show as a cluster that splits on zoom; a marker opens its post; the List shows the same posts', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const spot = randomSpot();
  const { ids, username } = await seedPosts(browser, spot);
  await register(page);
  await openMapAt(page, spot);

  const cluster = page.getByRole('button', { name: mapClusterLabel(3) });
  await expect(cluster).toBeVisible({ timeout: 30_000 });
  await expect(cluster).toHaveText('3');

  // Zooming in (a tap on a cluster) splits it until each post is its own marker.
  await expect(async () => {
    if ((await postMarkers(page, username).count()) < 3) {
      await page
        .getByRole('button', { name: /posts here\. Zoom in$/ })
        .first()
        .click({ timeout: 2000 });
    }
    await expect(postMarkers(page, username)).toHaveCount(3, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: mapClusterLabel(3) })).toHaveCount(0);

  // The List shows the same posts, each a card opening its page.
  await page.getByRole('button', { name: MAP_MESSAGES.listToggle }).click();
  const cards = page.getByRole('link', { name: new RegExp(`^${MAP_MESSAGES.openPost}: Type 4 by ${username}, `) });
  await expect(cards).toHaveCount(3);
  const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.map((href) => href.split('/').pop()).sort()).toEqual(ids);
  await page.getByRole('button', { name: MAP_MESSAGES.listToggle }).click();

  // A marker opens a small card; the card opens the post's page.
  await postMarkers(page, username).first().click();
  const card = page.getByRole('link', { name: new RegExp(`^${MAP_MESSAGES.openPost}: Type 4 by ${username}, `) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(MAP_MESSAGES.approximate);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/root/poop/(${ids.join('|')})$`));

  // One's own position only on request; refused here (no permission granted), with a clear message.
  await page.goBack();
  await page.getByRole('button', { name: MAP_MESSAGES.showMyPosition }).click();
  await expect(page.getByText(MAP_MESSAGES.positionDenied)).toBeVisible();
});

test('after one visit, the map and its markers show with the network off', async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const spot = randomSpot();
  await seedPosts(browser, spot);
  await register(page);
  await waitForWorker(page);
  await openMapAt(page, spot);
  await expect(page.getByRole('button', { name: mapClusterLabel(3) })).toBeVisible({ timeout: 30_000 });
  // Again through the worker, now in control, as a second visit would.
  await page.reload();
  await expect(page.getByRole('button', { name: mapClusterLabel(3) })).toBeVisible({ timeout: 30_000 });

  await goOffline(context);
  await page.reload();
  await expect(page.getByLabel(MAP_MESSAGES.canvasLabel)).toBeVisible();
  await expect(page.getByRole('button', { name: mapClusterLabel(3) })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Zoom in', exact: true })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`no axe violations on the map with markers, a card and the List, ${theme} theme`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const spot = randomSpot();
    const { username } = await seedPosts(browser, spot);
    await page.emulateMedia({ colorScheme: theme });
    await register(page);
    expect((await page.request.patch('/api/me', { data: { darkMode: theme === 'dark' } })).status()).toBe(200);
    await openMapAt(page, spot);
    await expect(page.getByRole('button', { name: mapClusterLabel(3) })).toBeVisible({ timeout: 30_000 });
    const check = async (label: string) => {
      await untilStill(page);
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`));
      expect(found, label).toEqual([]);
    };
    await check('map with a cluster');
    await page.getByRole('button', { name: mapClusterLabel(3) }).click();
    await postMarkers(page, username)
      .first()
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await check('map zoomed in');
    await page.getByRole('button', { name: MAP_MESSAGES.listToggle }).click();
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await check('the List');
  });
}

import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { axeViolations, jpegPhoto, register, waitForWorker } from './support';

/** The map screen's words as a person reads them in English (the app's catalog has its own copy). */
const MAP_MESSAGES = {
  title: 'Map',
  listToggle: 'List',
  showMyPosition: 'Show my position',
  locating: 'Finding your position…',
  positionDenied: 'Location permission was refused. Allow it in your browser settings to see where you are on the map.',
  positionUnavailable: 'Your position is not available right now. Try again outdoors or later.',
  positionUnsupported: 'This browser cannot tell your position.',
  loading: 'Loading the posts on the map…',
  loadFailed: 'Could not load the posts on the map.',
  mapFailed: 'The map could not be drawn on this device; the List shows the posts.',
  emptyView: 'No posts in this part of the map. Zoom out or move the map to see more.',
  canvasLabel: 'Map of posts. Arrow keys move it, plus and minus zoom.',
  ownPosition: 'Your position',
  approximate: 'Approximate area (about 1 km)',
  exact: 'Your post, where you made it',
  openPost: 'Open post',
  privacyNote: 'Others see posts within about 1 km, and never near where their author posts most.',
} as const;

/** A cluster marker's name. */
const mapClusterLabel = (count: number) => `${count} posts here. Zoom in`;
/** The List's heading. */
const mapListHeading = (count: number) => (count === 1 ? '1 post in view' : `${count} posts in view`);

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

/**
 * What a person sees on the map: the posts the markers inside the map's box stand for (a cluster
 * counts its number, a post marker one); markers maplibre keeps just outside the box do not count.
 */
async function postsMarkedInView(page: Page): Promise<number> {
  return page.getByLabel(MAP_MESSAGES.canvasLabel).evaluate((canvas) => {
    const box = canvas.getBoundingClientRect();
    let total = 0;
    for (const marker of Array.from(document.querySelectorAll<HTMLElement>('.plop-map-cluster, .plop-map-post'))) {
      const rect = marker.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) continue;
      total += marker.classList.contains('plop-map-cluster') ? Number(marker.textContent) : 1;
    }
    return total;
  });
}

/** The markers' count once it has held still for a second (the map has settled after a zoom). */
async function settledMarkedCount(page: Page): Promise<number> {
  let previous = -1;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const now = await postsMarkedInView(page);
    if (now === previous) return now;
    previous = now;
    await page.waitForTimeout(1000);
  }
  return previous;
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

test('the List names exactly the posts whose markers are in view, at every zoom', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const spot = randomSpot();
  await seedPosts(browser, spot);
  await register(page);
  await openMapAt(page, spot);
  await expect(page.getByRole('button', { name: mapClusterLabel(3) })).toBeVisible({ timeout: 30_000 });

  const list = page.getByRole('button', { name: MAP_MESSAGES.listToggle });
  const seen: number[] = [];
  // Zoom 9 (one cluster), then in steps to 15 (single markers, some outside the phone's view).
  for (const zoomSteps of [0, 3, 2, 1]) {
    for (let step = 0; step < zoomSteps; step += 1) await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
    const marked = await settledMarkedCount(page);
    seen.push(marked);
    await list.click();
    await expect(page.getByRole('heading', { level: 2, name: mapListHeading(marked) })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${MAP_MESSAGES.openPost}: `) })).toHaveCount(marked);
    if (marked > 0) await expect(page.getByText(MAP_MESSAGES.emptyView)).toHaveCount(0);
    await list.click();
    await expect(page.getByLabel(MAP_MESSAGES.canvasLabel)).toBeVisible();
  }
  expect(seen[0], 'the three posts are in view at zoom 9').toBe(3);

  // Zoom 12 with the posts in the lower part of the phone's map, ~80 to ~300 px below its middle
  // (a hidden map once measured itself as 400 × 300 px around its middle, and the List lost them).
  // maplibre's world is 512 px wide at zoom 0.
  const degreesPerPixel = (360 / (512 * 2 ** 12)) * Math.cos((spot.latitude * Math.PI) / 180);
  await page.evaluate(([key, view]) => localStorage.setItem(key, JSON.stringify(view)), [
    MAP_VIEW_STORAGE_KEY,
    { longitude: spot.longitude, latitude: spot.latitude + 230 * degreesPerPixel, zoom: 12 },
  ] as const);
  await page.reload();
  await expect(page.getByLabel(MAP_MESSAGES.canvasLabel)).toBeVisible();
  await expect(page.locator('.plop-map-post, .plop-map-cluster').first()).toBeVisible({ timeout: 30_000 });
  const marked = await settledMarkedCount(page);
  expect(marked, 'posts low on the screen are on the map').toBeGreaterThanOrEqual(2);
  await list.click();
  await expect(page.getByRole('heading', { level: 2, name: mapListHeading(marked) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^${MAP_MESSAGES.openPost}: `) })).toHaveCount(marked);
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
      expect(await axeViolations(page), label).toEqual([]);
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

/**
 * The online style (MAP_STYLE_URL, by default OpenFreeMap's) comes from outside, which this
 * machine cannot reach: a stand-in answers at its address, with a style whose raster tiles it
 * serves too, credited as OpenFreeMap credits its own.
 */
const STYLE_ORIGIN = 'https://tiles.openfreemap.org';
const CREDIT = 'OpenFreeMap © OpenMapTiles Data from OpenStreetMap';
// A 1×1 PNG: each tile of the stand-in's style.
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function standIn(context: BrowserContext, answer: { style: boolean; tiles: boolean }) {
  const asked: string[] = [];
  await context.route(`${STYLE_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.pathname);
    if (url.pathname === '/styles/liberty' && answer.style) {
      await route.fulfill({
        json: {
          version: 8,
          name: 'Stand-in',
          sources: {
            streets: {
              type: 'raster',
              tiles: [`${STYLE_ORIGIN}/stand-in/{z}/{x}/{y}.png`],
              tileSize: 256,
              attribution:
                '<a href="https://openfreemap.org">OpenFreeMap</a> <a href="https://www.openmaptiles.org/">© OpenMapTiles</a> Data from <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
            },
          },
          layers: [{ id: 'streets', type: 'raster', source: 'streets' }],
        },
      });
    } else if (url.pathname.startsWith('/stand-in/') && answer.tiles) {
      await route.fulfill({ body: TILE, contentType: 'image/png' });
    } else {
      await route.fulfill({ status: 503, body: 'down' });
    }
  });
  return asked;
}

const attribution = (page: Page) => page.locator('.maplibregl-ctrl-attrib');

/** Nothing alarming on screen: no error alert, no "could not" message. */
async function saysNothingScary(page: Page) {
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/could not|failed|error/i)).toHaveCount(0);
}

// The service worker is kept out, so the stand-in sees every request the page makes.
test.describe('the online style and its fallback', () => {
  test.use({ serviceWorkers: 'block' });
  test('online, the map shows the online style with its credit', async ({ page, browser, context }) => {
    test.setTimeout(120_000);
    const spot = randomSpot();
    await seedPosts(browser, spot);
    const asked = await standIn(context, { style: true, tiles: true });
    await register(page);
    await openMapAt(page, spot);
    await expect(page.getByRole('button', { name: mapClusterLabel(3) })).toBeVisible({ timeout: 30_000 });
    await expect(attribution(page)).toContainText(CREDIT);
    await expect(attribution(page)).toBeVisible();
    await expect(attribution(page)).not.toContainText('GeoNames');
    expect(asked.some((path) => path.startsWith('/stand-in/'))).toBe(true);
    await saysNothingScary(page);
  });

  for (const [what, answer] of [
    ['its tiles cannot load', { style: true, tiles: false }],
    ['the style cannot load', { style: false, tiles: false }],
  ] as const) {
    test(`when ${what}, the map falls back to the built-in basemap with city names, quietly`, async ({ page, browser, context }) => {
      test.setTimeout(120_000);
      const spot = randomSpot();
      await seedPosts(browser, spot);
      await standIn(context, answer);
      await register(page);
      await openMapAt(page, spot);
      await expect(page.getByRole('button', { name: mapClusterLabel(3) })).toBeVisible({ timeout: 30_000 });
      await expect(attribution(page)).toContainText('Natural Earth, GeoNames', { timeout: 20_000 });
      await expect(attribution(page)).not.toContainText('OpenFreeMap');
      await saysNothingScary(page);
    });
  }
});

test('with the network off, the map draws the built-in basemap with city names at once and asks nothing of the online style', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(120_000);
  const spot = randomSpot();
  await seedPosts(browser, spot);
  await standIn(context, { style: true, tiles: true });
  await register(page);
  await waitForWorker(page);
  // One visit online (the online style shows), then the network goes and the page reloads.
  await openMapAt(page, spot);
  await expect(page.getByRole('button', { name: mapClusterLabel(3) })).toBeVisible({ timeout: 30_000 });
  await expect(attribution(page)).toContainText(CREDIT);
  await page.reload();
  await expect(page.getByRole('button', { name: mapClusterLabel(3) })).toBeVisible({ timeout: 30_000 });
  await goOffline(context);
  const remote: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(STYLE_ORIGIN)) remote.push(request.url());
  });
  await page.reload();
  await expect(page.getByLabel(MAP_MESSAGES.canvasLabel)).toBeVisible();
  await expect(attribution(page)).toContainText('Natural Earth, GeoNames');
  await expect(page.getByRole('button', { name: mapClusterLabel(3) })).toBeVisible({ timeout: 30_000 });
  expect(remote, 'offline, the online style is not even tried').toEqual([]);
});

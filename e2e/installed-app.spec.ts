import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { SHARE_TARGET_FILE_FIELD, SHARE_TARGET_PATH } from '../core/share-target';
import { jpegPhoto, pushToWorker, register, setContextOffline, signOut, submitEmailForm, uniqueEmail, waitForWorker } from './support';

/**
 * Issue 45, a native-feeling installed app: a photo shared into Plop (Web Share Target), the
 * unread count on the icon (Badging API), buttons on notifications, the install offer.
 */

const TYPE_4 = 'Type 4 — Smooth, soft sausage or snake';

/** A JPEG as a phone camera writes it: camera make and model, and where it was taken (GPS). */
async function cameraPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 122, g: 84, b: 46 } } })
    .withExif({
      IFD0: { Make: 'PlopCam', Model: 'Secret 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
  expect((await sharp(buffer).metadata()).exif?.includes('PlopCam')).toBe(true);
  return { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer };
}

/**
 * Shares a photo into the app as the installed app's share sheet does: a multipart POST to the
 * manifest's share_target action, here a form submitted from a page the worker controls.
 */
async function sharePhoto(page: Page, photo: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    share_target: { action: string; method: string; enctype: string; params: { files: { name: string }[] } };
  };
  expect(manifest.share_target).toMatchObject({ action: SHARE_TARGET_PATH, method: 'POST', enctype: 'multipart/form-data' });
  expect(manifest.share_target.params.files[0]?.name).toBe(SHARE_TARGET_FILE_FIELD);
  await page.evaluate(
    ({ action, field }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = action;
      form.id = 'e2e-share';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = field;
      input.id = 'e2e-share-file';
      form.append(input);
      document.body.append(form);
    },
    { action: manifest.share_target.action, field: manifest.share_target.params.files[0]!.name },
  );
  await page.locator('#e2e-share-file').setInputFiles(photo);
  await page.evaluate(() => (document.getElementById('e2e-share') as HTMLFormElement).submit());
}

async function expectSharedPhotoChosen(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/root\/create\?shared=(1|true)$/);
  await expect(page.getByRole('heading', { name: 'Create a post', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toBeVisible();
  // Compressed as a picked photo is (scaled, re-encoded), not sent as it came.
  await expect(page.getByText(/^1200 × 900, /)).toBeVisible();
}

/** The stored photo (feed thumbnail and display size) carries no metadata at all. */
async function expectNoMetadata(page: Page, src: string): Promise<void> {
  const { default: sharp } = await import('sharp');
  const response = await page.request.get(src);
  expect(response.status()).toBe(200);
  const metadata = await sharp(await response.body()).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect((await response.body()).includes('PlopCam')).toBe(false);
}

test('a photo shared into Plop opens the create screen with it chosen; posted, it carries no metadata', async ({ page }) => {
  await register(page);
  await waitForWorker(page);
  await sharePhoto(page, await cameraPhoto());
  await expectSharedPhotoChosen(page);

  const title = `Shared ${randomUUID().slice(0, 8)}`;
  await page.getByRole('radio', { name: TYPE_4 }).check();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Posted!')).toBeVisible();
  const card = page.getByRole('feed', { name: 'For you' }).getByRole('article', { name: title });
  const photo = card.getByRole('img', { name: `Photo: ${title}` });
  await expect(photo).toBeVisible();
  await expectNoMetadata(page, (await photo.getAttribute('src'))!);
  await card.getByRole('link', { name: title }).click();
  const display = page.getByRole('img', { name: `Photo: ${title}` });
  await expect(display).toBeVisible();
  await expectNoMetadata(page, (await display.getAttribute('src'))!);

  // Posted, the share is done: the create screen no longer has it.
  await page.goto('/root/create?shared=1');
  await expect(page.getByRole('button', { name: 'Choose a photo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toHaveCount(0);
});

test('a photo shared with no connection becomes a post in the outbox', async ({ page, context }) => {
  await register(page);
  await waitForWorker(page);
  const title = `Offline share ${randomUUID().slice(0, 8)}`;
  await setContextOffline(context, true);
  await sharePhoto(page, await jpegPhoto());
  await expectSharedPhotoChosen(page);
  await page.getByRole('radio', { name: TYPE_4 }).check();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Saved: it will be sent when you are back online.')).toBeVisible();
  await setContextOffline(context, false);
  await expect(page.getByRole('feed', { name: 'For you' }).getByRole('article', { name: title })).toBeVisible({ timeout: 30_000 });
});

test('a photo shared while signed out waits behind sign-in', async ({ page }) => {
  const email = uniqueEmail('share');
  await register(page, email);
  await waitForWorker(page);
  await signOut(page);
  await sharePhoto(page, await jpegPhoto());
  // The /root guard sends the visitor to sign in, carrying where they were going.
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await submitEmailForm(page, email, 'secret123');
  await expectSharedPhotoChosen(page);
});

test('a push sets the unread count on the app icon and shows its buttons', async ({ page, context, baseURL }) => {
  const { worker, push } = await pushToWorker(page, context, baseURL!);
  const deliver = async (payload: object) => {
    // The worker's Badging API, watched: each call is recorded, then made.
    await worker.evaluate(() => {
      type BadgeApi = { setAppBadge: (this: unknown, contents?: number) => Promise<void>; clearAppBadge: (this: unknown) => Promise<void> };
      const scope = self as unknown as { badgeCalls?: string[]; navigator: BadgeApi };
      if (scope.badgeCalls) return;
      scope.badgeCalls = [];
      const proto = Object.getPrototypeOf(scope.navigator) as BadgeApi;
      const set = proto.setAppBadge;
      const clear = proto.clearAppBadge;
      proto.setAppBadge = function (contents?: number) {
        scope.badgeCalls!.push(`set ${contents}`);
        return set.call(this, contents);
      };
      proto.clearAppBadge = function () {
        scope.badgeCalls!.push('clear');
        return clear.call(this);
      };
    });
    await push(payload);
  };
  const shown = (tag: string) =>
    worker.evaluate(async (wanted) => {
      const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
      const notifications = await registration.getNotifications({ tag: wanted });
      return notifications.map((n) => ({
        title: n.title,
        actions: (n as Notification & { actions: { action: string; title: string }[] }).actions.map(({ action, title }) => ({
          action,
          title,
        })),
        data: n.data as unknown,
      }));
    }, tag);
  const badgeCalls = () => worker.evaluate(() => (self as unknown as { badgeCalls?: string[] }).badgeCalls ?? []);

  const comment = {
    title: 'New comment',
    body: 'Ada commented on your post',
    link: '/root/poop/p1',
    tag: 'e2e-comment',
    actions: [{ action: 'reply', title: 'Reply', link: '/root/poop/p1?reply=1' }],
    unread: 3,
  };
  // A push reaching a worker still settling in is lost, as with a real push service, which delivers again.
  await deliver(comment);
  await expect
    .poll(
      async () => {
        const notifications = await shown('e2e-comment');
        if (notifications.length === 0) await deliver(comment);
        return notifications;
      },
      { timeout: 20_000, intervals: [500, 1000, 2000] },
    )
    .toEqual([
      {
        title: 'New comment',
        actions: [{ action: 'reply', title: 'Reply' }],
        data: { link: '/root/poop/p1', actions: { reply: '/root/poop/p1?reply=1' } },
      },
    ]);
  await expect.poll(badgeCalls).toContain('set 3');

  // All read elsewhere: the next push says 0, and the badge is cleared.
  await deliver({ title: 'Plop', body: 'b', link: '/root/premium', tag: 'e2e-zero', actions: [], unread: 0 });
  await expect.poll(badgeCalls).toContain('clear');
});

test("the app's badge follows the unread count; a comment's Reply opens the post with the comment box focused", async ({
  page,
  browser,
}) => {
  // The page's Badging API, watched from before the app starts.
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { badgeCalls: string[] }).badgeCalls = calls;
    type BadgeApi = { setAppBadge: (this: unknown, contents?: number) => Promise<void>; clearAppBadge: (this: unknown) => Promise<void> };
    const proto = Navigator.prototype as unknown as BadgeApi;
    const set = proto.setAppBadge;
    const clear = proto.clearAppBadge;
    proto.setAppBadge = function (contents?: number) {
      calls.push(`set ${contents}`);
      return set.call(this, contents);
    };
    proto.clearAppBadge = function () {
      calls.push('clear');
      return clear.call(this);
    };
  });
  await register(page);
  const poopId = randomUUID();
  const created = await page.request.put(`/api/poops/${poopId}`, {
    multipart: { type: 'Type 4', title: 'Badge post', description: '', private: 'false', showInMap: 'false', photo: await jpegPhoto() },
  });
  expect(created.status()).toBe(201);

  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const other = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const otherPage = await other.newPage();
    await register(otherPage);
    expect((await otherPage.request.put(`/api/poops/${poopId}/like`)).status()).toBe(200);
  } finally {
    await other.close();
  }

  const badgeCalls = () => page.evaluate(() => (window as unknown as { badgeCalls: string[] }).badgeCalls);
  await page.reload();
  // The like, and the "First post" achievement the post earned (issue 44).
  await expect.poll(badgeCalls, { timeout: 20_000 }).toContain('set 2');
  await page.getByRole('button', { name: 'Notifications 2 unread' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect.poll(async () => (await badgeCalls()).join(', ')).toMatch(/clear$/);

  await page.goto(`/root/poop/${poopId}?reply=1`);
  await expect(page.getByRole('textbox', { name: 'Add a comment' })).toBeFocused();
});

test('the install offer: not on the first page, from the second visit, and never again once dismissed', async ({ context }) => {
  /** What Chromium hands the page when the app can be installed (headless Chromium may not). */
  const offerInstall = (page: Page) =>
    page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(event);
    });
  const offer = (page: Page) => page.getByRole('complementary', { name: 'Install Plop' });
  const goToMap = async (page: Page) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
    await expect(page).toHaveURL(/\/root\/map/);
  };

  const first = await context.newPage();
  await register(first);
  await offerInstall(first);
  await goToMap(first);
  // The first visit: nothing yet.
  await expect(offer(first)).toHaveCount(0);
  await first.close();

  // The second visit (a new tab): not on the page it opens on, then offered.
  const second = await context.newPage();
  await second.goto('/root');
  await expect(second.getByRole('heading', { name: 'For you' })).toBeVisible();
  await offerInstall(second);
  await expect(offer(second)).toHaveCount(0);
  await goToMap(second);
  await expect(offer(second)).toBeVisible();
  await offer(second).getByRole('button', { name: 'Not now' }).click();
  await expect(offer(second)).toHaveCount(0);
  await second.close();

  const third = await context.newPage();
  await third.goto('/root');
  await offerInstall(third);
  await goToMap(third);
  await expect(third.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(offer(third)).toHaveCount(0);
});

test("feed -> post -> back: the card's photo moves as a View Transition; a plain change under reduced motion", async ({ page }) => {
  // Each transition the page starts, with its types and the photo frames named for it before and after the change.
  await page.addInitScript(() => {
    const log: { types: string[]; before: string[]; after: string[] }[] = [];
    (window as unknown as { transitions: typeof log }).transitions = log;
    const named = () =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-photo-frame]'))
        .filter((frame) => getComputedStyle(frame).viewTransitionName === 'poop-photo')
        .map((frame) => `${frame.dataset.photoFrame} ${frame.dataset.poopId}`);
    const start = document.startViewTransition.bind(document);
    document.startViewTransition = ((options: { update: () => Promise<void>; types: string[] }) => {
      const entry = { types: [...options.types], before: named(), after: [] as string[] };
      log.push(entry);
      return start({
        types: options.types,
        update: async () => {
          await options.update();
          entry.after = named();
        },
      });
    }) as typeof document.startViewTransition;
  });
  await register(page);
  const poopId = randomUUID();
  const title = `Moving ${poopId.slice(0, 8)}`;
  const created = await page.request.put(`/api/poops/${poopId}`, {
    multipart: { type: 'Type 4', title, description: '', private: 'false', showInMap: 'false', photo: await jpegPhoto() },
  });
  expect(created.status()).toBe(201);
  await page.getByRole('button', { name: 'Refresh' }).click();
  const card = page.getByRole('feed', { name: 'For you' }).getByRole('article', { name: title });
  await expect(card).toBeVisible();
  const transitions = () => page.evaluate(() => (window as unknown as { transitions: unknown[] }).transitions);

  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(card).toBeVisible();
  await expect.poll(transitions).toEqual([
    { types: ['poop-open'], before: [`thumb ${poopId}`], after: [`display ${poopId}`] },
    { types: ['poop-close'], before: [`display ${poopId}`], after: [`thumb ${poopId}`] },
  ]);

  // Elsewhere, and under reduced motion, nothing moves.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
  await expect(page).toHaveURL(/\/root\/map/);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  expect(await transitions()).toHaveLength(2);
});

/**
 * The install sheet's data: every screenshot and shortcut icon the manifest names is served with
 * the size it declares. UPDATE_SCREENSHOTS=1 first takes the phone screenshots again from the
 * running app (the feed at 412 x 915, light and dark) into public/screenshots (rebuild to serve them).
 */
test("the manifest's screenshots and shortcut icons are served at the sizes it declares", async ({ browser, page }) => {
  const { default: sharp } = await import('sharp');
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    const shooter = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
    });
    const shot = await shooter.newPage();
    await register(shot);
    const art = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 255, g: 236, b: 214 } } })
      .composite([{ input: 'public/icons/icon-512.png', gravity: 'centre' }])
      .jpeg({ quality: 85 })
      .toBuffer();
    for (const [type, title] of [
      ['Type 3', 'Sunday morning'],
      ['Type 4', 'Right on time'],
    ]) {
      const response = await shot.request.put(`/api/poops/${randomUUID()}`, {
        multipart: {
          type: type!,
          title: title!,
          description: '',
          private: 'false',
          showInMap: 'false',
          photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: art },
        },
      });
      expect(response.status()).toBe(201);
    }
    for (const scheme of ['light', 'dark'] as const) {
      await shot.emulateMedia({ colorScheme: scheme });
      await shot.goto('/root');
      await expect(shot.getByRole('feed', { name: 'For you' }).getByRole('article').first()).toHaveAccessibleName('Right on time');
      await shot.waitForLoadState('networkidle');
      await shot.screenshot({ path: `public/screenshots/narrow-${scheme}.png` });
      await sharp(`public/screenshots/narrow-${scheme}.png`)
        .png({ palette: true, quality: 90, compressionLevel: 9 })
        .toBuffer()
        .then((buffer) => import('node:fs/promises').then(({ writeFile }) => writeFile(`public/screenshots/narrow-${scheme}.png`, buffer)));
    }
    await shooter.close();
  }
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    screenshots: { src: string; sizes: string; form_factor: string }[];
    shortcuts: { name: string; url: string; icons: { src: string; sizes: string }[] }[];
  };
  expect(manifest.screenshots.filter((s) => s.form_factor === 'narrow')).toHaveLength(2);
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['New post', '/root/create'],
    ['Notifications', '/root/notifications'],
    ['Map', '/root/map'],
  ]);
  const images = [...manifest.screenshots, ...manifest.shortcuts.flatMap((s) => s.icons)];
  for (const image of images) {
    const response = await page.request.get(image.src);
    expect(response.status(), image.src).toBe(200);
    const { width, height } = await sharp(await response.body()).metadata();
    expect(`${width}x${height}`, image.src).toBe(image.sizes);
  }
});

import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type CDPSession, type Download, type Locator, type Page, type Worker } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { ownStack } from './stacks';

/** A unique e-mail for each test run, so tests never depend on one another's accounts. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Fills the e-mail form (on the landing page, or inside `scope` such as the login wall) and submits it. */
export async function submitEmailForm(page: Page, email: string, password: string, scope: Page | Locator = page): Promise<void> {
  await scope.getByLabel('Email', { exact: true }).fill(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Registers through the landing page form, the way a new user does, and lands in /root (the same form signs an existing account in). */
export async function register(page: Page, email = uniqueEmail(), password = 'secret123'): Promise<string> {
  await page.goto('/');
  await submitEmailForm(page, email, password);
  await expect(page).toHaveURL(/\/root\/?$/);
  await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
  return email;
}

/** The same, on a phone set to Italian: the landing and the feed speak Italian from the first paint. */
export async function registerInItalian(page: Page, email = uniqueEmail('it'), password = 'secret123'): Promise<string> {
  await page.goto('/');
  const wayIn = page.getByRole('region', { name: 'Accedi o registrati' });
  await wayIn.getByLabel('Email', { exact: true }).fill(email);
  await wayIn.getByLabel('Password', { exact: true }).fill(password);
  await wayIn.getByRole('button', { name: 'Continua', exact: true }).click();
  await expect(page).toHaveURL(/\/root\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Per te' })).toBeVisible();
  return email;
}

/**
 * Registers an account that has existed for `days` days, as a person whose identity was made then
 * signs in for the first time: the identity is made on this stack's Auth emulator and its creation
 * time set `days` back (the admin update an import of older users makes), then the person signs in
 * through the landing form. The server starts an account when its identity was made, and nothing
 * dated before the account earns (issue 61), so this is how a test posts for past days that count.
 */
export async function registerDaysAgo(page: Page, days: number, email = uniqueEmail(), password = 'secret123'): Promise<string> {
  const emulator = `http://127.0.0.1:${ownStack().authEmulatorPort}/identitytoolkit.googleapis.com/v1/accounts`;
  const call = async (method: string, body: object, owner = false) => {
    const res = await fetch(`${emulator}:${method}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(owner ? { authorization: 'Bearer owner' } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.ok, `emulator ${method}: ${text}`).toBe(true);
    return JSON.parse(text) as { localId: string };
  };
  const { localId } = await call('signUp', { email, password, returnSecureToken: true });
  await call('update', { localId, createdAt: String(Date.now() - days * 86_400_000) }, true);
  return register(page, email, password);
}

/** Opens the account screen from the bottom navigation, once the user record is there. */
export async function openAccount(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your profile' })).toBeVisible();
}

/** Signs out from the account screen and waits for the landing page. */
export async function signOut(page: Page): Promise<void> {
  await openAccount(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
}

/** The username the profile on the account screen shows. */
export function profileName(page: Page): Locator {
  return page.getByRole('region', { name: 'Your profile' }).getByRole('heading', { level: 2 });
}

/**
 * On the Auth emulator's fake Google page (served on our origin), creates a new Google
 * account with generated details and signs in with it; the page then returns to the app.
 */
export async function chooseNewEmulatorGoogleAccount(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/api\/auth-emulator\/handler\?/);
  await page.getByRole('button', { name: 'Add new account' }).click();
  await page.getByRole('button', { name: 'Auto-generate user information' }).click();
  await page.getByRole('button', { name: /Sign in with Google\.com/ }).click();
}

/** A small JPEG made on the fly (sharp), as a file a person would pick: a brown 1200x900 photo. */
export async function jpegPhoto(name = 'photo.jpg'): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 122, g: 84, b: 46 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

export type TakeOver = { layoutShift: number; rootEmptied: boolean };

/**
 * Sums the page's layout shifts from its start, as CLS does (shifts right after input do not
 * count), and notes whether #root was ever left empty (a blank frame between prerender and app).
 */
export async function recordTakeOver(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = globalThis as unknown as TakeOver;
    record.layoutShift = 0;
    record.rootEmptied = false;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) record.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // 'interactive': the HTML is parsed and the app's module has not run yet.
    document.addEventListener('readystatechange', () => {
      const root = document.getElementById('root');
      if (document.readyState !== 'interactive' || !root) return;
      new MutationObserver(() => {
        if (root.childElementCount === 0) record.rootEmptied = true;
      }).observe(root, { childList: true });
    });
  });
}

/** What recordTakeOver noted so far. */
export async function takeOverRecord(page: Page): Promise<TakeOver> {
  return page.evaluate(() => {
    const { layoutShift, rootEmptied } = globalThis as unknown as TakeOver;
    return { layoutShift, rootEmptied };
  });
}

/** Holds the app's code back until the returned function is called: until then, what shows is the page's HTML alone. */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The DevTools sessions that throttle a context's pages (see throttleCpu). */
const throttleSessions = new WeakMap<BrowserContext, CDPSession[]>();

/**
 * Slows the CPU of `page` and of every other page of its context by E2E_CPU_THROTTLE times (Chrome
 * DevTools Protocol `Emulation.setCPUThrottlingRate`; e.g. 4), as on a busy phone or a loaded
 * machine. Unset or 1: nothing. `scripts/e2e-throttled.mjs` runs a spec this way many times in a
 * row. Use setContextOffline with it: a page with a second DevTools session forgets Playwright's
 * offline state on reload (navigator.onLine reads true) unless that session says it too.
 */
export async function throttleCpu(page: Page): Promise<void> {
  const context: BrowserContext = page.context();
  const rate = Number(process.env.E2E_CPU_THROTTLE ?? '1');
  if (!(rate > 1)) return;
  const sessions: CDPSession[] = [];
  throttleSessions.set(context, sessions);
  const throttle = async (target: Page) => {
    const session = await context.newCDPSession(target);
    sessions.push(session);
    await session.send('Emulation.setCPUThrottlingRate', { rate });
  };
  context.on('page', (target) => void throttle(target));
  for (const target of context.pages()) await throttle(target);
}

/** Cuts (or restores) the network of `context`, also on pages slowed by throttleCpu. */
export async function setContextOffline(context: BrowserContext, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  for (const session of throttleSessions.get(context) ?? []) {
    await session.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  }
}

/**
 * Waits until nothing on the page is moving (every finite CSS transition or animation has ended:
 * a toast fading out, a card fading in), for at most 5 s, so an accessibility scan sees the page
 * as it rests: mid-fade, text is partly transparent and its contrast is not the one a person reads.
 * Endless animations (a spinner) do not count.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000, polling: 100 },
  );
}

/**
 * Waits until no toast is shown: a toast that starts to fade out while axe reads the page (the
 * sign-in's, say) is measured at part opacity, too faint, as CI saw more than once.
 */
async function untilNoToast(page: Page): Promise<void> {
  await expect(page.locator('.MuiSnackbar-root')).toHaveCount(0, { timeout: 15_000 });
}

/** The rules every screen is held to: WCAG 2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core's findings on `page` once it rests as a person reads it (loaded, no toast, MUI's enter
 * transitions over, nothing moving), one line per element: `rule: selector — what is wrong`.
 * `extraRules` turns on rules axe leaves off by default.
 */
export async function axeViolations(page: Page, extraRules: string[] = []): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await untilNoToast(page);
  await page.waitForTimeout(600);
  await untilStill(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ rules: Object.fromEntries(extraRules.map((rule) => [rule, { enabled: true }])) })
    .analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`));
}

/**
 * Waits until the service worker controls `page` (the first visit installs it). The worker claims
 * the open pages as it activates; a page whose load began just before that stays uncontrolled
 * until its next load, as a person's would, so such a page is reloaded once.
 */
export async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const claimed = await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 5_000 })
    .then(
      () => true,
      () => false,
    );
  if (!claimed) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Opens `/` with notifications allowed and answers the page's service worker and a way to push to
 * it as a push service would (DevTools' `ServiceWorker.deliverPushMessage`).
 */
export async function pushToWorker(
  page: Page,
  context: BrowserContext,
  baseURL: string,
): Promise<{ worker: Worker; push: (payload: object) => Promise<void> }> {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const origin = new URL(baseURL).origin;
  const scope = `${origin}/`;
  await expect.poll(() => registrations.get(scope)).toBeTruthy();
  const worker = context.serviceWorkers().find((w) => w.url().startsWith(origin));
  expect(worker).toBeDefined();
  const push = async (payload: object) => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrations.get(scope)!,
      data: JSON.stringify(payload),
    });
  };
  return { worker: worker!, push };
}

/** The Bristol type 4 radio's label on the create screen. */
export const TYPE_4 = 'Type 4 — Smooth, soft sausage or snake';

/** Creates a post from the Create tab, the way a person does (type 4, a photo, a title). */
export async function createPost(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Create a post', level: 1 })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a photo' }).click();
  await (await chooser).setFiles(await jpegPhoto());
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toBeVisible();
  await page.getByRole('radio', { name: TYPE_4 }).check();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL(/\/root\/?$/);
}

/** Presses `button` and waits for the file it downloads, with its bytes. */
export async function download(page: Page, button: string): Promise<{ file: Download; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await started;
  return { file, bytes: await readFile(await file.path()) };
}

/** A PDF's text, its runs of spaces and line breaks as single spaces. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

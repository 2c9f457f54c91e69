import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, jpegPhoto, register } from './support';

/**
 * axe-core over every screen, in the light and the dark theme: any violation fails. To cover a
 * new screen, add it to SCREENS (`{post}` in a path is a post the signed-in user just made, `{uid}` that user).
 */
interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
}

const SCREENS: Screen[] = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'instructions', path: '/instructions', signedIn: false },
  { name: 'onboarding', path: '/onboard', signedIn: false },
  { name: 'feed', path: '/root', signedIn: true },
  { name: 'post', path: '/root/poop/{post}', signedIn: true },
  { name: 'create', path: '/root/create', signedIn: true },
  { name: 'diary entry', path: '/root/diary', signedIn: true },
  { name: 'account', path: '/root/account', signedIn: true },
  { name: 'activity', path: '/root/account/activity', signedIn: true },
  { name: 'edit profile', path: '/root/account/edit', signedIn: true },
  { name: 'help', path: '/root/account/help', signedIn: true },
  { name: 'report for my doctor', path: '/root/account/report', signedIn: true },
  { name: 'download my data', path: '/root/account/data', signedIn: true },
  { name: 'leaderboard', path: '/root/leaderboard', signedIn: true },
  { name: 'leagues', path: '/root/leagues', signedIn: true },
  { name: 'find', path: '/root/find', signedIn: true },
  { name: 'notifications', path: '/root/notifications', signedIn: true },
  { name: 'map', path: '/root/map', signedIn: true },
  { name: 'chat', path: '/root/chat', signedIn: true },
  { name: 'premium', path: '/root/premium', signedIn: true },
  { name: 'user page', path: '/root/user/{uid}', signedIn: true },
  { name: 'followers', path: '/root/account/followers/{uid}', signedIn: true },
  { name: 'followings', path: '/root/account/followings/{uid}', signedIn: true },
];

const THEMES = ['light', 'dark'] as const;

/** Time for signing up and posting, then for each screen (load, settle, axe) in a signed-in pass. */
const SETUP_BUDGET_MS = 30_000;
const SCREEN_BUDGET_MS = 15_000;

async function expectNoViolations(page: Page, label: string): Promise<void> {
  await expect(page.locator('#root')).not.toBeEmpty();
  // Off by default in axe (experimental): an icon button's name must contain its badge's text.
  expect(await axeViolations(page, ['label-content-name-mismatch']), label).toEqual([]);
}

/** Posts once through the API (the same multipart form the app sends), for the post screen and a non-empty feed. */
async function makePost(page: Page): Promise<string> {
  const id = randomUUID();
  const photo = await jpegPhoto();
  const res = await page.request.put(`/api/poops/${id}`, {
    multipart: { type: 'Type 4', title: 'Accessible post', description: 'For the axe pass', photo },
  });
  expect(res.status(), await res.text()).toBe(201);
  return id;
}

for (const theme of THEMES) {
  test(`no axe violations signed out, ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    for (const screen of SCREENS.filter((s) => !s.signedIn)) {
      await page.goto(screen.path);
      await expectNoViolations(page, `${screen.name} (${screen.path}), ${theme}`);
    }
  });

  test(`no axe violations signed in, ${theme} theme`, async ({ page }) => {
    // About 20 screens, each loaded, settled and scanned: a budget per screen, not one for all of
    // them (3 minutes ran out on a busy two-core machine with two screens left).
    test.setTimeout(SETUP_BUDGET_MS + SCREENS.length * SCREEN_BUDGET_MS);
    await page.emulateMedia({ colorScheme: theme });
    await register(page);
    const saved = await page.request.patch('/api/me', { data: { darkMode: theme === 'dark' } });
    expect(saved.status()).toBe(200);
    const post = await makePost(page);
    const me = await page.request.get('/api/me');
    const { user } = (await me.json()) as { user: { uid: string } };
    for (const screen of SCREENS.filter((s) => s.signedIn)) {
      await page.goto(screen.path.replace('{post}', post).replace('{uid}', user.uid));
      await expectNoViolations(page, `${screen.name} (${screen.path}), ${theme}`);
    }
  });
}

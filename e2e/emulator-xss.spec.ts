import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { MESSAGES } from '../core/messages';
import { ownStack } from './stacks';
import { chooseNewEmulatorGoogleAccount } from './support';

const AUTH_EMULATOR_PORT = ownStack().authEmulatorPort;

/** Anyone can make an emulator account with any Google display name; this one carries script. */
async function createGoogleAccountNamed(displayName: string): Promise<void> {
  const claims = {
    sub: randomUUID().replace(/-/g, ''),
    email: `${randomUUID().slice(0, 8)}@example.com`,
    email_verified: true,
    name: displayName,
  };
  const res = await fetch(
    `http://127.0.0.1:${AUTH_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        requestUri: 'http://localhost/',
        postBody: `providerId=google.com&id_token=${encodeURIComponent(JSON.stringify(claims))}`,
        returnSecureToken: true,
      }),
    },
  );
  expect(res.ok).toBe(true);
}

test("a hostile display name on the emulator's Google page runs no script on our origin", async ({ page }) => {
  const marker = `xss-${randomUUID().slice(0, 8)}`;
  await createGoogleAccountNamed(
    `<img src=x onerror="localStorage.setItem('${marker}','img');fetch('/api/me')"><script>localStorage.setItem('${marker}','script')</script>`,
  );
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const apiCalls: string[] = [];
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/api\/auth-emulator\/handler\?/);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/me')) apiCalls.push(request.url());
  });
  // The hostile markup is on the page (as the emulator renders it), and had its chance to run.
  await expect(page.locator('img[src="x"]')).toHaveCount(1);
  await page.waitForLoadState('load');
  expect(await page.evaluate((key) => localStorage.getItem(key), marker)).toBeNull();
  expect(apiCalls).toEqual([]);

  // The page's own script still works: the Google redirect flow completes offline.
  await chooseNewEmulatorGoogleAccount(page);
  await expect(page.getByText(MESSAGES.loggedInWithGoogle)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), marker)).toBeNull();
  expect(dialogs).toEqual([]);
});

import { expect, test, type Browser } from '@playwright/test';
import { becomePremium, useStripeStandIn } from './stripe-stand-in';
import { axeViolations, register, uniqueEmail, waitForWorker } from './support';

/*
 * Premium and chat (issue 25) in Chromium. Premium is set up the way production does it: a
 * signed Stripe webhook reaches the server, which reads the subscription from a local stand-in
 * of Stripe's API (stripe-stand-in.ts).
 */

useStripeStandIn();

async function newUser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await register(page, uniqueEmail('chat'));
  return { context, page };
}

test('a non-premium user pressing chat lands on premium', async ({ page }) => {
  await register(page, uniqueEmail('free'));
  await page.getByRole('button', { name: 'Chat Pro' }).click();
  await expect(page).toHaveURL(/\/root\/premium$/);
  await expect(page.getByRole('heading', { name: 'Premium', level: 1 })).toBeVisible();
  await expect(page.getByText('Chat: private, realtime conversations with other premium members.')).toBeVisible();
  // Typed in by hand, the chat screen sends them to premium too.
  await page.goto('/root/chat');
  await expect(page).toHaveURL(/\/root\/premium$/);
});

test('premium users chat live; a message written offline is delivered once; a blocked user can no longer write', async ({ browser }) => {
  const alice = await newUser(browser);
  const bob = await newUser(browser);
  await becomePremium(alice.page);
  const bobUid = await becomePremium(bob.page);
  const aliceUid = (await (await alice.page.request.get('/api/me')).json()).user.uid as string;

  // Alice starts the conversation from Bob's profile.
  await alice.page.goto(`/root/user/${bobUid}`);
  await alice.page.getByRole('link', { name: 'Message' }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/root/chat\\?with=${bobUid}`));
  await bob.page.goto(`/root/chat?with=${aliceUid}`);
  await expect(bob.page.getByText('No messages yet. Say hello!')).toBeVisible();

  await alice.page.getByRole('textbox', { name: 'Message' }).fill('Hello Bob, live!');
  await alice.page.getByRole('button', { name: 'Send' }).click();
  await expect(bob.page.getByText('Hello Bob, live!')).toBeVisible();

  // Offline: the message waits in the outbox, shown as pending, and goes once when back online.
  await alice.context.setOffline(true);
  await alice.page.getByRole('textbox', { name: 'Message' }).fill('Written offline');
  await alice.page.getByRole('button', { name: 'Send' }).click();
  const pending = alice.page.getByRole('listitem').filter({ hasText: 'Written offline' });
  await expect(pending).toContainText('Waiting for connection');
  await alice.context.setOffline(false);
  await expect(bob.page.getByText('Written offline')).toHaveCount(1);
  await expect(pending).not.toContainText('Waiting for connection');
  await bob.page.reload();
  await expect(bob.page.getByText('Written offline')).toHaveCount(1);

  // Offline, the conversation still shows its recent history from the saved cache.
  await waitForWorker(bob.page);
  await bob.page.waitForTimeout(1500); // the cache is saved to IndexedDB at most once a second
  await bob.context.setOffline(true);
  await bob.page.reload();
  await expect(bob.page.getByText('Hello Bob, live!')).toBeVisible();
  await expect(bob.page.getByText('Written offline')).toHaveCount(1);
  await bob.context.setOffline(false);
  await bob.page.reload();

  // Bob blocks Alice: she can no longer write to him.
  await bob.page.getByRole('button', { name: 'Block' }).click();
  await bob.page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await expect(bob.page.getByRole('alert').filter({ hasText: 'You blocked' })).toBeVisible();
  await alice.page.reload();
  await expect(alice.page.getByText('You cannot send messages in this conversation.')).toBeVisible();
  await expect(alice.page.getByRole('button', { name: 'Send' })).toHaveCount(0);

  await alice.context.close();
  await bob.context.close();
});

test('the chat and premium screens of a premium user: no axe violations in light and dark, no overflow at 320 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await newUser(browser);
  const bob = await newUser(browser);
  await becomePremium(alice.page);
  const bobUid = await becomePremium(bob.page);
  const page = alice.page;
  const sent = await page.request.put(`/api/chat/with/${bobUid}/messages/${crypto.randomUUID()}`, {
    data: { body: 'A long hello '.repeat(20) },
  });
  expect(sent.status()).toBe(200);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const path of ['/root/chat', `/root/chat?with=${bobUid}`, '/root/premium', '/root/premium-confirmation']) {
      await page.goto(path);
      expect(await axeViolations(page), `${path} ${theme}`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} overflows at 320 px`).toBeLessThanOrEqual(0);
    }
  }
  await alice.context.close();
  await bob.context.close();
});

import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { becomePremium, useStripeStandIn } from './stripe-stand-in';
import { axeViolations, register, uniqueEmail } from './support';

/*
 * Chat (issue 64, part 3) on a phone: a conversation started from the Chat screen by searching
 * among premium members; the thread's header stays put while the messages scroll; consecutive
 * bubbles from one person show the name and time once; reporting is in each message's menu.
 */

useStripeStandIn();

const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE });

async function person(browser: Browser, username: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await register(page, uniqueEmail('start'));
  const renamed = await page.request.patch('/api/me', { data: { username } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  return { page, close: () => context.close() };
}

async function send(page: Page, toUid: string, body: string): Promise<void> {
  const sent = await page.request.put(`/api/chat/with/${toUid}/messages/${randomUUID()}`, { data: { body } });
  expect(sent.status()).toBe(200);
}

test('a new conversation from Chat; grouped bubbles; a sticky header; report in the message menu', async ({ browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36).slice(-6);
  const aliceName = `alice${suffix}`;
  const bobName = `bob${suffix}`;
  const alice = await person(browser, aliceName);
  const bob = await person(browser, bobName);
  // Not premium, with a name the search also matches: Alice may not write to them, so they are not offered.
  const carol = await person(browser, `bob${suffix}x`);
  try {
    const aliceUid = await becomePremium(alice.page);
    const bobUid = await becomePremium(bob.page);

    // Alice starts the conversation from the Chat screen.
    await alice.page.goto('/root/chat');
    await alice.page.getByRole('button', { name: 'New message' }).click();
    const dialog = alice.page.getByRole('dialog', { name: 'New message' });
    await dialog.getByRole('searchbox', { name: 'Search premium members' }).fill(`bob${suffix}`);
    const found = dialog.getByRole('list', { name: 'Premium members' }).getByRole('link');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(bobName);
    expect(await axeViolations(alice.page), 'new message dialog').toEqual([]);
    await found.click();
    await expect(alice.page).toHaveURL(new RegExp(`/root/chat\\?with=${bobUid}$`));
    await expect(alice.page.getByRole('heading', { level: 1 })).toContainText(bobName);

    // Three messages in a row: one group, the name and time once.
    for (const body of ['First of three', 'Second of three', 'Third of three']) {
      await alice.page.getByRole('textbox', { name: 'Message' }).fill(body);
      await alice.page.getByRole('button', { name: 'Send' }).click();
      await expect(alice.page.getByText(body)).toBeVisible();
    }
    await bob.page.goto(`/root/chat?with=${aliceUid}`);
    const messages = bob.page.getByRole('list', { name: `Messages with ${aliceName}` });
    await expect(messages.getByRole('listitem')).toHaveCount(3);
    await expect(messages.getByText(new RegExp(`^${aliceName} · \\d{1,2}:\\d{2}`))).toHaveCount(1);
    await expect(messages.getByRole('listitem').last()).toContainText(`${aliceName} · `);
    await expect(messages.getByRole('listitem').first()).not.toContainText(`${aliceName} · `);

    // Reporting is in each message's menu, not a flag on every bubble.
    await expect(messages.getByRole('button', { name: 'Report' })).toHaveCount(0);
    await messages.getByRole('listitem').filter({ hasText: 'Second of three' }).getByRole('button', { name: 'More' }).click();
    await bob.page.getByRole('menuitem', { name: 'Report' }).click();
    await expect(bob.page.getByText('Thank you: the message was reported to the admins.')).toBeVisible();
    await expect(bob.page.getByRole('menu')).toHaveCount(0);

    // A long conversation scrolls; the header with the name and Block stays at the top.
    for (let i = 0; i < 20; i += 1) await send(alice.page, bobUid, `Filler message ${i}`);
    await expect(bob.page.getByText('Filler message 19')).toBeInViewport();
    const heading = bob.page.getByRole('heading', { level: 1, name: aliceName });
    await expect(heading).toBeInViewport();
    await expect(bob.page.getByRole('button', { name: 'Block', exact: true })).toBeInViewport();
    await expect(bob.page.getByText('First of three')).not.toBeInViewport();
    expect(await bob.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await axeViolations(bob.page), 'thread with a sticky header').toEqual([]);
  } finally {
    await alice.close();
    await bob.close();
    await carol.close();
  }
});

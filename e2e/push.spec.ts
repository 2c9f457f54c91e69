import { expect, test } from '@playwright/test';

/**
 * Web Push reaches the service worker: a push delivered through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`, as a push service would) shows a visible notification
 * with the payload's title, body and link.
 */
test('a push delivered to the worker shows its notification', async ({ page, context, baseURL }) => {
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
  const scope = `${new URL(baseURL!).origin}/`;
  await expect.poll(() => registrations.get(scope)).toBeTruthy();

  const payload = { title: 'New like', body: 'Ada liked your poop', link: '/root/notifications', tag: 'e2e-push' };
  const deliver = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId: registrations.get(scope)!,
      data: JSON.stringify(payload),
    });
  const worker = context.serviceWorkers().find((w) => w.url().startsWith(new URL(baseURL!).origin));
  expect(worker).toBeDefined();
  const shown = () =>
    worker!.evaluate(async () => {
      const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
      const notifications = await registration.getNotifications({ tag: 'e2e-push' });
      return notifications.map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
    });

  // A push that reaches a worker still settling in is lost, as with a real push service, which
  // delivers again: so does this test, a few times at most. The tag keeps it to one notification.
  await deliver();
  await expect
    .poll(
      async () => {
        const notifications = await shown();
        if (notifications.length === 0) await deliver();
        return notifications;
      },
      { timeout: 20_000, intervals: [500, 1000, 2000] },
    )
    .toEqual([{ title: 'New like', body: 'Ada liked your poop', data: { link: '/root/notifications', actions: {} } }]);
});

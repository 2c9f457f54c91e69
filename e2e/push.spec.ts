import { expect, test } from '@playwright/test';
import { pushToWorker } from './support';

/**
 * Web Push reaches the service worker: a push delivered through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`, as a push service would) shows a visible notification
 * with the payload's title, body and link.
 */
test('a push delivered to the worker shows its notification', async ({ page, context, baseURL }) => {
  const { worker, push } = await pushToWorker(page, context, baseURL!);
  const payload = { title: 'New like', body: 'Ada liked your poop', link: '/root/notifications', tag: 'e2e-push' };
  const deliver = () => push(payload);
  const shown = () =>
    worker.evaluate(async () => {
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

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import WebSocket from 'ws';
import { CHAT_PUSH_DELAY_MS } from '../../core/chat-api';
import { becomePremiumThroughWebhook, fakeStripe } from './fake-stripe';
import { build, buildOn, signIn } from './helpers';
import { send } from './chat-helpers';
import { until } from './poll';
import { scalar } from './poop-helpers';

/** Opens the chat socket as a browser would (session cookie, same-origin Origin) and collects what it receives. */
async function openSocket(app: FastifyInstance, cookie: string) {
  await app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/chat/socket`, { headers: { cookie, origin: `http://127.0.0.1:${port}` } });
  const received: unknown[] = [];
  socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8'))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  onTestFinished(() => socket.close());
  return { socket, received };
}

describe('chat', () => {
  it('is refused to non-premium users (403), and to premium users writing to a non-premium one', async () => {
    const stripe = await fakeStripe();
    const { app } = await build(stripe.env);
    const free = await signIn(app);
    const paid = await signIn(app);
    await becomePremiumThroughWebhook(app, stripe, paid.user.uid);
    const list = await app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie: free.cookie } });
    expect(list.statusCode).toBe(403);
    expect(list.json().error.code).toBe('premium_required');
    expect((await send(app, free.cookie, paid.user.uid, 'hi')).statusCode).toBe(403);
    expect((await send(app, paid.cookie, free.user.uid, 'hi')).statusCode).toBe(403);
  });

  it('delivers live across two server instances sharing one database; a replayed send is one message', async () => {
    const stripe = await fakeStripe();
    const first = await build(stripe.env);
    const second = await buildOn(first.database, { env: { ...stripe.env, STATIC_DIR: '' } });
    const alice = await signIn(first.app);
    const bob = await signIn(first.app);
    await becomePremiumThroughWebhook(first.app, stripe, alice.user.uid);
    await becomePremiumThroughWebhook(first.app, stripe, bob.user.uid);
    // Bob's socket is on the second server; Alice writes through the first.
    const bobSocket = await openSocket(second.app, bob.cookie);
    const id = randomUUID();
    const res = await send(first.app, alice.cookie, bob.user.uid, '  hello bob  ', id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ id, body: 'hello bob', senderUid: alice.user.uid, recipientUid: bob.user.uid });
    const event = await until('the message on the other server', () =>
      bobSocket.received.find((e) => (e as { type: string }).type === 'message'),
    );
    expect(event).toMatchObject({ type: 'message', message: { id, body: 'hello bob' } });
    // The outbox replays the same PUT: still one message, and no second event.
    expect((await send(first.app, alice.cookie, bob.user.uid, 'hello bob', id)).statusCode).toBe(200);
    const history = await second.app.inject({
      method: 'GET',
      url: `/api/chat/with/${alice.user.uid}/messages`,
      headers: { cookie: bob.cookie },
    });
    expect(history.json().messages).toHaveLength(1);
    const list = await second.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie: bob.cookie } });
    expect(list.json().conversations[0]).toMatchObject({ peer: { uid: alice.user.uid, premium: true }, unread: 1, canSend: true });
    await second.app.inject({ method: 'PUT', url: `/api/chat/with/${alice.user.uid}/read`, headers: { cookie: bob.cookie } });
    const read = await second.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie: bob.cookie } });
    expect(read.json().conversations[0].unread).toBe(0);
  });

  it('validates messages, keeps conversations to their two participants, pages history, blocks, reports', async () => {
    const stripe = await fakeStripe();
    const { app, database } = await build(stripe.env);
    const [alice, bob, eve] = [await signIn(app), await signIn(app), await signIn(app)];
    for (const u of [alice, bob, eve]) await becomePremiumThroughWebhook(app, stripe, u.user.uid);
    expect((await send(app, alice.cookie, bob.user.uid, '   ')).statusCode).toBe(400);
    expect((await send(app, alice.cookie, bob.user.uid, 'x'.repeat(1001))).statusCode).toBe(400);
    for (let i = 0; i < 35; i++) expect((await send(app, alice.cookie, bob.user.uid, `message ${i}`)).statusCode).toBe(200);
    const page1 = (
      await app.inject({ method: 'GET', url: `/api/chat/with/${alice.user.uid}/messages`, headers: { cookie: bob.cookie } })
    ).json();
    expect(page1.messages).toHaveLength(30);
    expect(page1.messages[0].body).toBe('message 34');
    const page2 = (
      await app.inject({
        method: 'GET',
        url: `/api/chat/with/${alice.user.uid}/messages?cursor=${page1.nextCursor}`,
        headers: { cookie: bob.cookie },
      })
    ).json();
    expect(page2.messages.map((m: { body: string }) => m.body)).toEqual(['message 4', 'message 3', 'message 2', 'message 1', 'message 0']);
    expect(page2.nextCursor).toBeNull();
    // Eve sees only her own (empty) conversation with Alice, never Alice and Bob's.
    const eves = (
      await app.inject({ method: 'GET', url: `/api/chat/with/${alice.user.uid}/messages`, headers: { cookie: eve.cookie } })
    ).json();
    expect(eves.messages).toEqual([]);
    const messageId = page1.messages[0].id;
    const eveReport = await app.inject({
      method: 'POST',
      url: `/api/chat/messages/${messageId}/report`,
      headers: { cookie: eve.cookie },
      payload: {},
    });
    expect(eveReport.statusCode).toBe(404);
    const report = await app.inject({
      method: 'POST',
      url: `/api/chat/messages/${messageId}/report`,
      headers: { cookie: bob.cookie },
      payload: { reason: 'spam' },
    });
    expect(report.json()).toEqual({ reported: true });

    // Bob blocks Alice: no more messages either way.
    expect(
      (await app.inject({ method: 'PUT', url: `/api/chat/blocks/${alice.user.uid}`, headers: { cookie: bob.cookie } })).json(),
    ).toEqual({ blocked: true });
    const blocked = await send(app, alice.cookie, bob.user.uid, 'still there?');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('chat_blocked');
    expect((await send(app, bob.cookie, alice.user.uid, 'bye')).statusCode).toBe(403);

    // Deleting Alice's account removes her messages.
    await database.db.execute(sql`DELETE FROM users WHERE uid = ${alice.user.uid}`);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM chat_messages WHERE sender_uid = ${alice.user.uid}`)).toBe(0);
  });

  it('an absent recipient gets a push notification a little after the message; one who read it does not; it stays out of the bell and reading clears it', async () => {
    const stripe = await fakeStripe();
    const { app, database } = await build(stripe.env);
    const [alice, bob, carol] = [await signIn(app), await signIn(app), await signIn(app)];
    for (const u of [alice, bob, carol]) await becomePremiumThroughWebhook(app, stripe, u.user.uid);
    await send(app, alice.cookie, bob.user.uid, 'are you there?');
    await send(app, alice.cookie, carol.user.uid, 'and you?');
    // Carol has the conversation open: the app marks it read as the message shows.
    await app.inject({ method: 'PUT', url: `/api/chat/with/${alice.user.uid}/read`, headers: { cookie: carol.cookie } });
    const unreadChatNotes = (uid: string) =>
      scalar(database, sql`SELECT count(*) AS n FROM notifications WHERE uid = ${uid} AND kind = 'chat_message' AND NOT is_read`);
    await vi.waitFor(async () => expect(await unreadChatNotes(bob.user.uid)).toBe(1), {
      timeout: CHAT_PUSH_DELAY_MS + 10_000,
      interval: 250,
    });
    expect(await unreadChatNotes(carol.user.uid)).toBe(0);
    // Counted on the chat button, not in the bell: the bell holds only Premium's welcome.
    const bell = await app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie: bob.cookie } });
    expect(bell.json()).toEqual({ count: 1 });
    const list = await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: bob.cookie } });
    expect(list.json().notifications.map((n: { kind: string; isRead: boolean }) => [n.kind, n.isRead])).toEqual([
      ['chat_message', false],
      ['premium_started', false],
    ]);
    // Bob reads the conversation: its notification is read too.
    await app.inject({ method: 'PUT', url: `/api/chat/with/${alice.user.uid}/read`, headers: { cookie: bob.cookie } });
    expect(await unreadChatNotes(bob.user.uid)).toBe(0);
  });
});

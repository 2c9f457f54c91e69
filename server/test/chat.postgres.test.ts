import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import { send } from './chat-helpers';
import { until } from './poll';
import { becomePremiumThroughWebhook, fakeStripe } from './fake-stripe';
import { build, signIn } from './helpers';

// PostgreSQL only (vitest.config.ts runs *.postgres.test.ts when TEST_DATABASE_URL is set): PGlite
// has no server connections to kill.
describe('chat on PostgreSQL', () => {
  it(
    'when the LISTEN connection is killed during sends, the open thread ends with every acknowledged message, in order, once',
    { timeout: 120_000 },
    async () => {
      const stripe = await fakeStripe();
      const { app, database } = await build(stripe.env);
      const alice = await signIn(app);
      const bob = await signIn(app);
      await becomePremiumThroughWebhook(app, stripe, alice.user.uid);
      await becomePremiumThroughWebhook(app, stripe, bob.user.uid);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;

      // Bob's app, as src/features/chat/chat-socket.ts behaves: live messages go into the open
      // thread; when the socket closes it reconnects and refetches the thread.
      type Message = { id: string; createdAt: string };
      const thread = new Map<string, Message>();
      let stopped = false;
      let socket: WebSocket | undefined;
      const refetch = async () => {
        const res = await app.inject({ method: 'GET', url: `/api/chat/with/${alice.user.uid}/messages`, headers: { cookie: bob.cookie } });
        for (const message of res.json().messages as Message[]) thread.set(message.id, message);
      };
      const connect = (reconnecting: boolean) => {
        const next = new WebSocket(`ws://127.0.0.1:${port}/api/chat/socket`, {
          headers: { cookie: bob.cookie, origin: `http://127.0.0.1:${port}` },
        });
        socket = next;
        next.on('open', () => {
          if (reconnecting) void refetch();
        });
        next.on('message', (data: Buffer) => {
          const event = JSON.parse(data.toString('utf8')) as { type: string; message?: Message };
          if (event.type === 'message' && event.message) thread.set(event.message.id, event.message);
        });
        next.on('error', () => undefined);
        next.on('close', () => {
          if (!stopped) setTimeout(() => connect(true), 100);
        });
      };
      connect(false);
      onTestFinished(() => {
        stopped = true;
        socket?.close();
      });
      await until('the socket open', () => (socket?.readyState === WebSocket.OPEN ? true : undefined));

      const [schema] = (await database.executeSql('SELECT current_schema() AS name')).rows as { name: string }[];
      const acknowledged: string[] = [];
      for (let i = 0; i < 24; i++) {
        if (i === 6) {
          // The server's LISTEN connection is killed: it reconnects a second later.
          const killed = await database.executeSql(`SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE query = $1`, [
            `LISTEN "${schema!.name}.plop_chat_events"`,
          ]);
          expect(killed.rows.length).toBeGreaterThan(0);
        }
        const id = randomUUID();
        const res = await send(app, alice.cookie, bob.user.uid, `message ${i}`, id);
        if (res.statusCode === 200) acknowledged.push(id);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(acknowledged.length).toBeGreaterThan(20);
      const inOrder = () =>
        [...thread.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)).map((m) => m.id);
      await until('every acknowledged message in the thread', () => (acknowledged.every((id) => thread.has(id)) ? true : undefined), {
        timeoutMs: 15_000,
      }).catch(() => undefined);
      expect(inOrder()).toEqual(acknowledged);
    },
  );
});

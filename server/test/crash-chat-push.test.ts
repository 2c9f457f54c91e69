import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../../scripts/lib/processes.mjs';
import { CHAT_PUSH_DELAY_MS } from '../../core/chat-api';
import { sessionOn, startServer } from './child-server';
import { signUpOnEmulator, verifyEmailOnEmulator } from './helpers';

describe('the chat push after a crash', () => {
  it('an absent recipient still gets the push of a message sent a second before the server was killed', { timeout: 300_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-crash-chat-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Admins count as premium, so two admins may chat without a subscription.
    const emails = ['alice', 'bob'].map((name) => `${name}-${randomUUID().slice(0, 8)}@example.com`);
    const env = { ADMIN_EMAILS: emails.join(',') };
    const first = await startServer(dataDir, port, env);
    const accounts = await Promise.all(emails.map((email) => signUpOnEmulator(email)));
    const [alice, bob] = (await Promise.all(accounts.map(async (a) => sessionOn(base, await verifyEmailOnEmulator(a))))) as [
      string,
      string,
    ];
    const bobUid = accounts[1]!.uid;

    const sent = await fetch(`${base}/api/chat/with/${bobUid}/messages/${randomUUID()}`, {
      method: 'PUT',
      headers: { cookie: alice, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'are you there?' }),
    });
    expect(sent.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    first.child.kill('SIGKILL');
    await first.exit;

    const second = await startServer(dataDir, port, env);
    const chatNotices = async () => {
      const res = await fetch(`${base}/api/notifications`, { headers: { cookie: bob } });
      return JSON.stringify(await res.json()).split('sent you a message').length - 1;
    };
    const until = Date.now() + CHAT_PUSH_DELAY_MS + 60_000;
    let notices = await chatNotices();
    while (notices === 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      notices = await chatNotices();
    }
    expect(notices).toBe(1);
    second.child.kill('SIGTERM');
    await second.exit;
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs';
import { freePort } from '../../scripts/lib/processes.mjs';

async function signUp(url: string, email: string): Promise<void> {
  const res = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
  });
  expect(res.ok).toBe(true);
}

function exportedEmails(dataDir: string): string[] {
  const file = path.join(dataDir, 'auth-emulator', 'auth_export', 'accounts.json');
  if (!fs.existsSync(file)) return [];
  const { users = [] } = JSON.parse(fs.readFileSync(file, 'utf8')) as { users?: Array<{ email?: string }> };
  return users.map((u) => u.email ?? '').sort();
}

describe('two local stacks with the same project id', () => {
  it('each data directory keeps its own accounts: no shared hub file, no cross-export', { timeout: 400_000 }, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-iso-'));
    onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
    const dirs = [path.join(root, 'a'), path.join(root, 'b')];
    // One after the other, each port picked once the other stack holds its own (hub, logging):
    // picked up front, a port could be handed out twice before either emulator binds it.
    const start = async (dataDir: string) =>
      startAuthEmulator({ port: await freePort(), projectId: 'demo-plop', dataDir, quiet: true, reuse: false });
    const a = await start(dirs[0]!);
    const b = await start(dirs[1]!).catch(async (error: unknown) => {
      await a.stop();
      throw error;
    });
    try {
      await signUp(a.url, 'only-in-a@example.com');
      await signUp(b.url, 'only-in-b@example.com');
      // The hub's locator file is in each stack's own folder, not the shared temp folder.
      for (const dir of dirs) expect(fs.readdirSync(path.join(dir, 'tmp')).some((f) => f.startsWith('hub-'))).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(exportedEmails(dirs[0]!)).toEqual(['only-in-a@example.com']);
    expect(exportedEmails(dirs[1]!)).toEqual(['only-in-b@example.com']);
  });
});

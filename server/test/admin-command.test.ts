import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { users } from '../db/schema';
import { addUser } from './repositories/fixtures';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run admin -- <args>` as the real process (tsx) on a data folder. */
function runAdmin(dataDir: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin/admin.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() })),
  );
}

async function userRow(dataDir: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const [row] = await database.db
      .select({ admin: users.admin, premium: users.premium, subscriptionStatus: users.subscriptionStatus })
      .from(users)
      .where(eq(users.uid, 'u1'));
    return row;
  } finally {
    await database.close();
  }
}

describe('npm run admin', () => {
  // Eight runs of the real command, each starting tsx and opening PGlite: about 30 s on a quiet
  // machine, several times that on a busy one.
  it('grants and removes admin and premium by e-mail, refuses an unknown e-mail and a folder in use', { timeout: 360_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-admin-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await migrate(database);
    await addUser(database, 'boss', { uid: 'u1', email: 'Boss@Example.com' });

    // The folder is in use (a running server holds it): refused with one line, nothing changed.
    const locked = await runAdmin(dataDir, ['boss@example.com']);
    expect(locked.code).toBe(1);
    expect(locked.stderr.split('\n')).toHaveLength(1);
    await database.close();
    expect(await userRow(dataDir)).toMatchObject({ admin: false });

    const grant = await runAdmin(dataDir, ['boss@example.com']);
    expect(grant).toMatchObject({ code: 0, stdout: expect.stringMatching(/^boss@example.com is now an admin/) });
    expect(grant.stdout.split('\n')).toHaveLength(1);
    expect(await userRow(dataDir)).toMatchObject({ admin: true });

    const remove = await runAdmin(dataDir, ['--remove', 'boss@example.com']);
    expect(remove).toMatchObject({ code: 0, stdout: 'boss@example.com is no longer an admin.' });
    expect(await userRow(dataDir)).toMatchObject({ admin: false });

    const premium = await runAdmin(dataDir, ['premium', 'boss@example.com']);
    expect(premium).toMatchObject({ code: 0, stdout: 'boss@example.com is now premium (subscription active).' });
    expect(await userRow(dataDir)).toMatchObject({ premium: true, subscriptionStatus: 'active' });
    const cancel = await runAdmin(dataDir, ['premium', '--remove', 'boss@example.com']);
    expect(cancel.code).toBe(0);
    expect(await userRow(dataDir)).toMatchObject({ premium: false, subscriptionStatus: 'canceled' });

    const unknown = await runAdmin(dataDir, ['nobody@example.com']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toBe('admin: No user with the e-mail nobody@example.com: they must sign in to the app once first.');

    const usage = await runAdmin(dataDir, []);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('usage: npm run admin');
  });
});

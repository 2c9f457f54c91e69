import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../../scripts/lib/processes.mjs';
import { sessionOn, startServer } from './child-server';
import { signUpOnEmulator } from './helpers';
import { listFiles, makeJpeg, multipartBody } from './poop-helpers';

// After the crash nothing is on its way, so the sweep may take every file no row records.
const SWEEP_EVERYTHING = { LOG_LEVEL: 'error', STORAGE_ORPHAN_MIN_AGE_SECONDS: '0' };

describe('a crash mid-upload', () => {
  it('leaves, after restart and the sweep, every file belonging to a row and every row with its files', { timeout: 480_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-crash-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const filesDir = path.join(dataDir, 'files');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startServer(dataDir, port, SWEEP_EVERYTHING);

    const account = await signUpOnEmulator();
    const cookie = await sessionOn(base, account.idToken);

    // Several uploads at once; the server is killed the moment the first file lands (its post's
    // second file and row cannot exist yet), while the others are mid-way.
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const photo = await makeJpeg({ width: 2400, height: 1800 });
    const uploads = ids.map(async (id) => {
      const body = await multipartBody({ type: 'Type 4', photo });
      return fetch(`${base}/api/poops/${id}`, {
        method: 'PUT',
        headers: { ...body.headers, cookie, origin: base },
        body: body.payload,
      }).catch(() => undefined);
    });
    const deadline = Date.now() + 120_000;
    while (!listFiles(filesDir).some((f) => f.endsWith('.webp')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    first.child.kill('SIGKILL');
    await Promise.all(uploads);
    await first.exit;
    const left = listFiles(filesDir);
    expect(left.some((f) => f.endsWith('.webp'))).toBe(true);

    // Restart: the sweep runs when the server is ready.
    const second = await startServer(dataDir, port, SWEEP_EVERYTHING);
    const check = async () => {
      const rows = new Set<string>();
      for (const id of ids) {
        const res = await fetch(`${base}/api/poops/${id}`, { headers: { cookie } });
        if (res.status === 200) rows.add(id);
      }
      const files = listFiles(filesDir);
      const orphans = files.filter((f) => !ids.some((id) => rows.has(id) && f.includes(id)));
      const missing = [...rows].filter(
        (id) =>
          !files.some((f) => f.endsWith(path.join(id, 'display.webp'))) || !files.some((f) => f.endsWith(path.join(id, 'thumb.webp'))),
      );
      return { orphans, missing, rows: rows.size };
    };
    let state = await check();
    for (let i = 0; i < 60 && state.orphans.length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = await check();
    }
    expect(state.orphans).toEqual([]);
    expect(state.missing).toEqual([]);
    // The same ids can be posted again and leave nothing beside their files.
    for (const id of ids) {
      const body = await multipartBody({ type: 'Type 4', photo: await makeJpeg() });
      const res = await fetch(`${base}/api/poops/${id}`, {
        method: 'PUT',
        headers: { ...body.headers, cookie, origin: base },
        body: body.payload,
      });
      expect([200, 201]).toContain(res.status);
    }
    const after = listFiles(filesDir);
    expect(after.filter((f) => !f.endsWith('.webp'))).toEqual([]);
    expect(after).toHaveLength(ids.length * 2);
    second.child.kill('SIGTERM');
    await second.exit;
  });
});

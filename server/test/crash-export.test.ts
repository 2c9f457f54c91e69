import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { DataExport } from '../../core/data-export-api';
import { freePort } from '../../scripts/lib/processes.mjs';
import { sessionOn, startServer } from './child-server';
import { signUpOnEmulator } from './helpers';
import { multipartBody } from './poop-helpers';

// Issue 61: `kill -9` while an archive was half written left the export pending for an hour.

/** A photo of noise: it does not compress, so the archive takes a while to write. */
function noisyJpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 2000, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('a crash mid-export', () => {
  it(
    'is started afresh after the restart and completes within two minutes, leaving no half-written file',
    { timeout: 480_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-crash-export-'));
      onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const staging = path.join(dataDir, 'files', '.staging');
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const first = await startServer(dataDir, port, { LOG_LEVEL: 'error' });

      const account = await signUpOnEmulator();
      const cookie = await sessionOn(base, account.idToken);
      const photo = await noisyJpeg();
      for (let i = 0; i < 8; i++) {
        const body = await multipartBody({ type: 'Type 4', photo });
        const res = await fetch(`${base}/api/poops/${randomUUID()}`, {
          method: 'PUT',
          headers: { ...body.headers, cookie, origin: base },
          body: body.payload,
        });
        expect(res.status).toBe(201);
      }

      const asked = await fetch(`${base}/api/me/exports`, { method: 'POST', headers: { cookie, origin: base } });
      expect(asked.status).toBe(202);
      const { id } = ((await asked.json()) as { export: DataExport }).export;
      const halfWritten = () => (fs.existsSync(staging) ? fs.readdirSync(staging).filter((name) => name.startsWith(`export-${id}-`)) : []);
      // Killed the moment the archive is being written.
      const deadline = Date.now() + 60_000;
      while (halfWritten().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
      first.child.kill('SIGKILL');
      await first.exit;
      expect(halfWritten()).toHaveLength(1);

      const second = await startServer(dataDir, port, { LOG_LEVEL: 'error' });
      const read = async () => {
        const res = await fetch(`${base}/api/me/exports`, { headers: { cookie } });
        return ((await res.json()) as { export: DataExport | null }).export;
      };
      expect(await read()).toMatchObject({ id, status: 'pending' });
      const restarted = Date.now();
      let current = await read();
      for (let i = 0; i < 240 && current?.status !== 'ready' && Date.now() - restarted < 120_000; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        current = await read();
      }
      expect(current).toMatchObject({ id, status: 'ready' });
      expect(Date.now() - restarted).toBeLessThan(120_000);
      expect(halfWritten()).toEqual([]);
      const download = await fetch(`${base}/api/me/exports/${id}/download`, { headers: { cookie } });
      expect(download.status).toBe(200);
      expect(Number(download.headers.get('content-length'))).toBeGreaterThan(1_000_000);
      second.child.kill('SIGTERM');
      await second.exit;
    },
  );
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { signIn } from './helpers';
import { buildWithFiles, makeJpeg, multipartBody } from './poop-helpers';
import { until } from './poll';

const TWELVE_MB = 12 * 1024 * 1024;

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/**
 * A slow upload over a real socket: the multipart head and `sentBytes` of a 12 MB photo, then it
 * waits (as a phone on a slow network would). `finish()` sends the rest; `answer` settles as soon
 * as the server answers, even mid-body.
 */
function slowUpload(port: number, cookie: string, sentBytes: number) {
  const boundary = `plop${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nType 4\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const photo = Buffer.alloc(TWELVE_MB, 7);
  photo[0] = 0xff;
  photo[1] = 0xd8;
  photo[2] = 0xff;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'PUT',
    path: `/api/poops/${randomUUID()}`,
    headers: {
      cookie,
      origin: `http://127.0.0.1:${port}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + photo.length + tail.length),
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }));
    });
    req.on('error', reject);
  });
  // The server may answer and close before the body is all sent; that is the point.
  req.on('error', () => undefined);
  req.write(head);
  req.write(photo.subarray(0, sentBytes));
  onTestFinished(() => {
    req.destroy();
  });
  return {
    answer,
    finish: () => {
      req.end(Buffer.concat([photo.subarray(sentBytes), tail]));
    },
  };
}

async function listening(overrides: Record<string, string>) {
  const test = await buildWithFiles({ RATE_LIMIT_MAX: '0', ...overrides });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...test, port: (test.app.server.address() as AddressInfo).port };
}

function stagedFiles(filesDir: string): number {
  const dir = path.join(filesDir, '.staging');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}

function stagedBytes(filesDir: string): number {
  const dir = path.join(filesDir, '.staging');
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

describe('uploads are admitted before their body is read, and streamed to disk', () => {
  it('a slow upload is written to a staging file as it arrives, and leaves nothing behind', { timeout: 120_000 }, async () => {
    const { app, port, filesDir } = await listening({});
    const { cookie } = await signIn(app);
    const upload = slowUpload(port, cookie, 6 * 1024 * 1024);
    // Half the photo has arrived: it is on disk, not held in memory until the end.
    await until('the first half on disk', () => stagedBytes(filesDir) >= 6 * 1024 * 1024, { timeoutMs: 60_000 });
    upload.finish();
    const answer = await upload.answer;
    // Not a picture sharp can decode (only its magic bytes are JPEG's): refused cleanly.
    expect(answer.status).toBe(415);
    await until('the staging file to go', () => stagedBytes(filesDir) === 0, { timeoutMs: 60_000 });
  });

  it('a user with two uploads in flight gets 429 with Retry-After for a third, before sending its body', { timeout: 120_000 }, async () => {
    const { app, port, filesDir } = await listening({});
    const a = await signIn(app);
    const b = await signIn(app);
    const first = slowUpload(port, a.cookie, 1024);
    const second = slowUpload(port, a.cookie, 1024);
    // Both admitted: their staging files exist. (Sending the third before that would race them.)
    await until('both uploads to be admitted', () => stagedFiles(filesDir) === 2, { timeoutMs: 60_000 });
    const third = await slowUpload(port, a.cookie, 0).answer;
    expect(third.status).toBe(429);
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(third.body)).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    // Someone else is not held back by them.
    const body = await multipartBody({ type: 'Type 4', photo: await makeJpeg() });
    const other = await fetch(`http://127.0.0.1:${port}/api/poops/${randomUUID()}`, {
      method: 'PUT',
      headers: { ...body.headers, cookie: b.cookie, origin: `http://127.0.0.1:${port}` },
      body: body.payload,
    });
    expect(other.status).toBe(201);
    first.finish();
    second.finish();
    expect((await first.answer).status).toBe(415);
    expect((await second.answer).status).toBe(415);
    // Once they are answered, the user may upload again.
    const again = await fetch(`http://127.0.0.1:${port}/api/poops/${randomUUID()}`, {
      method: 'PUT',
      headers: { ...body.headers, cookie: a.cookie, origin: `http://127.0.0.1:${port}` },
      body: body.payload,
    });
    expect(again.status).toBe(201);
  });

  it(
    'past the bound on bytes in flight, an upload is refused with 503 and Retry-After before its body is read',
    { timeout: 120_000 },
    async () => {
      const { app, port, filesDir } = await listening({ UPLOADS_IN_FLIGHT_MAX_MB: '20' });
      const a = await signIn(app);
      const b = await signIn(app);
      const first = slowUpload(port, a.cookie, 1024);
      await until('the first upload to be admitted', () => fs.existsSync(path.join(filesDir, '.staging')), { timeoutMs: 60_000 });
      const refused = await slowUpload(port, b.cookie, 0).answer;
      expect(refused.status).toBe(503);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(refused.body)).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
      first.finish();
      expect((await first.answer).status).toBe(415);
      // Released: a small upload now goes through.
      const body = await multipartBody({ type: 'Type 4', photo: await makeJpeg() });
      const later = await fetch(`http://127.0.0.1:${port}/api/poops/${randomUUID()}`, {
        method: 'PUT',
        headers: { ...body.headers, cookie: b.cookie, origin: `http://127.0.0.1:${port}` },
        body: body.payload,
      });
      expect(later.status).toBe(201);
    },
  );
});

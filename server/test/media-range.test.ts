import { describe, expect, it } from 'vitest';
import { poopImageUrl } from '../../core/poop-api';
import { signIn } from './helpers';
import { buildWithFiles, signInAndPost } from './poop-helpers';
import { s3Server } from './s3-server';

async function onDisk() {
  return buildWithFiles();
}

async function onS3() {
  const s3 = await s3Server('plop-media');
  return buildWithFiles({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
}

describe.each([
  ['disk', onDisk],
  ['s3', onS3],
])('photo byte ranges on %s storage', (_kind, open) => {
  it('a Range request answers 206 with Content-Range and exactly those bytes; the whole answers 200', async () => {
    const { app } = await open();
    const { id } = await signInAndPost(app);
    const url = poopImageUrl(id, 'display');
    const whole = await app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const bytes = whole.rawPayload;
    const size = bytes.length;
    expect(size).toBeGreaterThan(40);

    const ask = (range: string) => app.inject({ method: 'GET', url, headers: { range } });
    const cases: Array<[string, number, number]> = [
      ['bytes=0-9', 0, 9],
      ['bytes=10-', 10, size - 1],
      ['bytes=-20', size - 20, size - 1],
      [`bytes=${size - 5}-${size + 1000}`, size - 5, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await ask(range);
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(Buffer.compare(res.rawPayload, bytes.subarray(start, end + 1)), range).toBe(0);
      // The caching and sniffing rules are those of the whole image.
      expect(res.headers['content-type']).toBe(whole.headers['content-type']);
      expect(res.headers['cache-control']).toBe(whole.headers['cache-control']);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }

    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0', 'bytes=9-3']) {
      const res = await ask(range);
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect(res.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
    }

    // A header the server does not honour (several ranges, other units, nonsense) answers the whole image.
    for (const range of ['bytes=0-1,5-9', 'items=0-1', 'bytes=a-b', 'bytes=-', `bytes=${'9'.repeat(30)}-`]) {
      const res = await ask(range);
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.length).toBe(size);
    }
  });

  it("a private post's image answers 404 to others with or without a Range, and 206 uncached to its owner", async () => {
    const { app } = await open();
    const owner = await signInAndPost(app, { private: true });
    const other = await signIn(app);
    const url = poopImageUrl(owner.id, 'thumb');
    for (const headers of [{ range: 'bytes=0-3' }, { range: 'bytes=999999-' }, { range: 'bytes=0-3', cookie: other.cookie }]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.headers['content-range']).toBeUndefined();
    }
    const mine = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3', cookie: owner.cookie } });
    expect(mine.statusCode).toBe(206);
    expect(mine.rawPayload).toHaveLength(4);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // RIFF: the first bytes of the stored WebP.
    expect(mine.rawPayload.toString('latin1')).toBe('RIFF');
  });
});

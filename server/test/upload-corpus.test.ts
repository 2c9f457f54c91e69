import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../core/constants';
import { signIn } from './helpers';
import { buildWithFiles, makeJpeg, multipartBody, putPoop, scalar } from './poop-helpers';
import { isErrorEnvelope } from './error-envelope';

/**
 * The upload corpus (fixtures/uploads, made by its generate.ts) sent as a post's photo and as an
 * avatar: each is refused with a 4xx in the envelope leaving no row and no file, or accepted with
 * every stored size re-encoded and stripped of metadata. The oversized file is made here (15 MB).
 */
const CORPUS = path.join(import.meta.dirname, 'fixtures', 'uploads');
const fixture = (name: string) => fs.readFileSync(path.join(CORPUS, name));

type Outcome = { status: number; code: string } | 'accepted';
const refused = (status: number, code: string): Outcome => ({ status, code });

const PHOTOS: Array<[string, () => Promise<Buffer>, string, Outcome]> = [
  ['oversized (one byte over the limit)', oversized, 'image/jpeg', refused(413, 'payload_too_large')],
  ['pixel flood (30,000 x 30,000 PNG)', async () => fixture('pixel-flood.png'), 'image/png', refused(413, 'payload_too_large')],
  ['HTML renamed .jpg', async () => fixture('html-renamed.jpg'), 'image/jpeg', refused(415, 'unsupported_media_type')],
  ['SVG with a script renamed .png', async () => fixture('svg-renamed.png'), 'image/png', refused(415, 'unsupported_media_type')],
  ['truncated JPEG', async () => fixture('truncated.jpg'), 'image/jpeg', refused(415, 'unsupported_media_type')],
  ['zero bytes', async () => fixture('zero-bytes.jpg'), 'image/jpeg', refused(415, 'unsupported_media_type')],
  ['JPEG + HTML polyglot', async () => fixture('polyglot.jpg'), 'image/jpeg', 'accepted'],
  ['animated GIF', async () => fixture('animated.gif'), 'image/gif', refused(415, 'unsupported_media_type')],
  ['animated WebP', async () => fixture('animated.webp'), 'image/webp', 'accepted'],
  ['GPS-tagged JPEG', async () => fixture('gps-tagged.jpg'), 'image/jpeg', 'accepted'],
];

/** A JPEG padded past PHOTO_MAX_BYTES: real magic bytes, so only its size can refuse it. */
async function oversized(): Promise<Buffer> {
  const jpeg = await makeJpeg();
  return Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES + 1 - jpeg.length)]);
}

/** What may not survive into a stored file: metadata, and the markup some corpus files carry. */
const NEEDLES = ['PlopTestCam', 'GPS', 'xmpmeta', 'Exif', '<script', '<html', '<svg'];

async function expectClean(bytes: Uint8Array, what: string) {
  const buffer = Buffer.from(bytes);
  const meta = await sharp(buffer).metadata();
  expect(meta.format, what).toBe('webp');
  expect(meta.exif, what).toBeUndefined();
  expect(meta.xmp, what).toBeUndefined();
  expect(meta.icc, what).toBeUndefined();
  expect(meta.iptc, what).toBeUndefined();
  for (const needle of NEEDLES) expect(buffer.includes(needle), `${what} holds ${needle}`).toBe(false);
}

describe('the upload corpus', () => {
  it.each(PHOTOS)('as a post photo: %s', async (_name, bytes, contentType, outcome) => {
    const { app, database, storage, files } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const id = randomUUID();
    const photo = await bytes();
    const res = await putPoop(app, cookie, id, { photo, contentType, filename: 'upload.jpg' });
    if (outcome === 'accepted') {
      expect(res.statusCode, res.body).toBe(201);
      const listed = await storage.list('poops');
      // Every stored size: display and thumb.
      expect(listed).toHaveLength(2);
      for (const object of listed) await expectClean((await storage.get(object.key))!.bytes, object.key);
      return;
    }
    expect(res.statusCode, res.body).toBe(outcome.status);
    expect(res.json()).toSatisfy(isErrorEnvelope);
    expect(res.json().error.code).toBe(outcome.code);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM poops`)).toBe(0);
    expect(files()).toEqual([]);
  });

  it.each(PHOTOS)('as an avatar: %s', async (_name, bytes, contentType, outcome) => {
    const { app, database, storage, files } = await buildWithFiles();
    const { cookie, user } = await signIn(app);
    const form = new FormData();
    form.append('avatar', new Blob([await bytes()], { type: contentType }), 'avatar.jpg');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { cookie, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    const avatarKey = async () =>
      (await database.db.execute(sql`SELECT avatar_key FROM users WHERE uid = ${user.uid}`)) as { rows: Array<{ avatar_key: string }> };
    if (outcome === 'accepted') {
      expect(res.statusCode, res.body).toBe(200);
      const listed = await storage.list('users');
      expect(listed).toHaveLength(1);
      expect((await avatarKey()).rows[0]!.avatar_key).toBe(listed[0]!.key);
      await expectClean((await storage.get(listed[0]!.key))!.bytes, listed[0]!.key);
      return;
    }
    expect(res.statusCode, res.body).toBe(outcome.status);
    expect(res.json()).toSatisfy(isErrorEnvelope);
    expect(res.json().error.code).toBe(outcome.code);
    expect((await avatarKey()).rows[0]!.avatar_key).toBe('');
    expect(files()).toEqual([]);
  });

  it('a malformed multipart body (cut off mid-part, no closing boundary) is a 4xx in the envelope, writing nothing', async () => {
    const { app, database, files } = await buildWithFiles();
    const { cookie } = await signIn(app);
    for (const [url, method] of [
      [`/api/poops/${randomUUID()}`, 'PUT'],
      ['/api/me/avatar', 'PUT'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { cookie, 'content-type': 'multipart/form-data; boundary=plopboundary' },
        payload: fixture('malformed-multipart.txt'),
      });
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toSatisfy(isErrorEnvelope);
    }
    expect(await scalar(database, sql`SELECT count(*) AS n FROM poops`)).toBe(0);
    expect(files()).toEqual([]);
    // The helper's well-formed body for the same post goes through: the refusal above was the form's.
    const body = await multipartBody({ type: 'Type 4' });
    const ok = await app.inject({
      method: 'PUT',
      url: `/api/poops/${randomUUID()}`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(ok.statusCode).toBe(201);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_DISPLAY_MAX_SIDE, PHOTO_MAX_BYTES, PHOTO_THUMB_MAX_SIDE } from '../../core/constants';
import { POOP_MESSAGES } from '../../core/messages';
import type { Database } from '../db/database';
import { sniffImageFormat } from '../media/image-pipeline';
import { poopImageKey } from '../storage/storage-keys';
import { signIn } from './helpers';
import { buildWithFiles, makeJpeg, makePng, multipartBody, pixelBombPng, putPoop, scalar } from './poop-helpers';

const poopCount = (database: Database) => scalar(database, sql`SELECT count(*) AS n FROM poops`);

describe('bad uploads get a clear 4xx and leave no row and no file', () => {
  const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

  it.each([
    ['no photo', { photo: null }, 400, 'bad_request', POOP_MESSAGES.photoMissing, { reason: 'photoMissing', field: 'photo' }],
    [
      'a type that is not one of the nine',
      { type: 'Type 8' },
      400,
      'bad_request',
      POOP_MESSAGES.typeInvalid,
      { reason: 'typeInvalid', field: 'type' },
    ],
    ['no type', { type: '' }, 400, 'bad_request', POOP_MESSAGES.typeInvalid, { reason: 'typeInvalid', field: 'type' }],
    [
      'a title over the limit',
      { title: 'x'.repeat(101) },
      400,
      'bad_request',
      POOP_MESSAGES.titleTooLong,
      { reason: 'titleTooLong', field: 'title', params: { limit: 100 } },
    ],
    [
      'a description over the limit',
      { description: 'x'.repeat(1001) },
      400,
      'bad_request',
      POOP_MESSAGES.descriptionTooLong,
      { reason: 'descriptionTooLong', field: 'description', params: { limit: 1000 } },
    ],
    [
      'a latitude out of range',
      { latitude: 91, longitude: 0 },
      400,
      'bad_request',
      expect.stringMatching(/latitude/),
      { field: 'latitude', params: { limit: 90 } },
    ],
    [
      'a latitude without longitude',
      { latitude: 45 },
      400,
      'bad_request',
      POOP_MESSAGES.coordinatesIncomplete,
      { reason: 'coordinatesIncomplete' },
    ],
    [
      'an HTML file renamed .jpg',
      { photo: html, filename: 'cat.jpg', contentType: 'image/jpeg' },
      415,
      'unsupported_media_type',
      POOP_MESSAGES.photoUnsupported,
      { reason: 'photoUnsupported' },
    ],
    [
      'a truncated JPEG',
      { photo: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]) },
      415,
      'unsupported_media_type',
      expect.any(String),
      { reason: 'photoUnsupported' },
    ],
    [
      'a 20,000 x 20,000 PNG',
      { photo: pixelBombPng(20_000, 20_000), filename: 'big.png' },
      413,
      'payload_too_large',
      POOP_MESSAGES.photoTooManyPixels,
      { reason: 'photoTooManyPixels' },
    ],
  ] as const)('%s', async (_name, fields, status, code, message, details) => {
    const { app, database, files } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const res = await putPoop(app, cookie, randomUUID(), fields);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: { code, message, ...details } });
    expect(await poopCount(database)).toBe(0);
    expect(files()).toEqual([]);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user.currentStreak).toBe(0);
  });

  it('a file over the byte limit is refused with 413 while it streams', async () => {
    const { app, database, files } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const big = Buffer.concat([await makeJpeg(), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const res = await putPoop(app, cookie, randomUUID(), { photo: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'payload_too_large', message: POOP_MESSAGES.photoTooLarge, reason: 'photoTooLarge' } });
    expect(await poopCount(database)).toBe(0);
    expect(files()).toEqual([]);
  });

  it('two files are refused', async () => {
    const { app, files } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const form = new FormData();
    form.append('type', 'Type 2');
    form.append('photo', new Blob([await makeJpeg()]), 'a.jpg');
    form.append('photo', new Blob([await makeJpeg()]), 'b.jpg');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/poops/${randomUUID()}`,
      headers: { cookie, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    expect(files()).toEqual([]);
  });

  it('a JSON body instead of a form is a 400', async () => {
    const { app } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/poops/${randomUUID()}`,
      headers: { cookie },
      payload: { type: 'Type 1', photo: 'aGVsbG8=' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('an id that is not a UUID is a 400', async () => {
    const { app } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const res = await putPoop(app, cookie, 'not-a-uuid');
    expect(res.statusCode).toBe(400);
  });

  it('when the row cannot be written, the files already stored are removed', async () => {
    const { app, database, files } = await buildWithFiles();
    const { cookie } = await signIn(app);
    // A real database failure after the files are written: a trigger that refuses one title.
    await database.execScript(`
      CREATE FUNCTION refuse_doomed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.title = 'doomed' THEN RAISE EXCEPTION 'refused by test trigger'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_doomed BEFORE INSERT ON poops FOR EACH ROW EXECUTE FUNCTION refuse_doomed();`);
    const res = await putPoop(app, cookie, randomUUID(), { title: 'doomed' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal', message: expect.any(String), reason: 'internal' } });
    expect(JSON.stringify(res.json())).not.toMatch(/trigger/);
    expect(await poopCount(database)).toBe(0);
    expect(files()).toEqual([]);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user.currentStreak).toBe(0);

    // The same id works once the cause is gone.
    const ok = await putPoop(app, cookie, randomUUID(), { title: 'fine' });
    expect(ok.statusCode).toBe(201);
  });
});

describe('stored images', () => {
  it('a GPS-tagged JPEG is stored with no EXIF, GPS, XMP or ICC in either variant', async () => {
    const original = await makeJpeg({ gps: true });
    const meta = await sharp(original).metadata();
    expect(exifReader(meta.exif!).GPSInfo?.GPSLatitude).toEqual([40, 42, 51]);
    expect(meta.xmp).toBeDefined();
    expect(meta.icc).toBeDefined();

    const { app, storage, database } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const id = randomUUID();
    const res = await putPoop(app, cookie, id, { photo: original });
    expect(res.statusCode).toBe(201);
    // Coordinates are only what the user chose to send, never the photo's.
    expect(res.json().poop).toMatchObject({ latitude: null, longitude: null, geohash: '' });

    const result = (await database.db.execute(sql`SELECT image_key FROM poops`)) as { rows: Array<{ image_key: string }> };
    const prefix = result.rows[0]!.image_key;
    for (const variant of ['display', 'thumb'] as const) {
      const served = (await app.inject({ method: 'GET', url: `/api/media/poops/${id}/${variant}` })).rawPayload;
      const atRest = (await storage.get(poopImageKey(prefix, variant)))!.bytes;
      expect(Buffer.compare(served, Buffer.from(atRest))).toBe(0);
      const stored = await sharp(served).metadata();
      expect(stored.format).toBe('webp');
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(stored.iptc).toBeUndefined();
      for (const needle of ['PlopTestCam', 'GPS', 'xmpmeta', 'Exif', 'ICC']) expect(served.includes(needle)).toBe(false);
    }
  });

  it('auto-orients from EXIF and limits the display and thumbnail sizes', async () => {
    const { app, storage, database } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const id = randomUUID();
    // 3000 x 1000 landscape, EXIF says "rotate 90": the stored image is portrait.
    const photo = await makeJpeg({ width: 3000, height: 1000, orientation: 6 });
    const res = await putPoop(app, cookie, id, { photo });
    expect(res.statusCode).toBe(201);
    const poop = res.json().poop;
    expect([poop.width, poop.height]).toEqual([Math.round((1000 * PHOTO_DISPLAY_MAX_SIDE) / 3000), PHOTO_DISPLAY_MAX_SIDE]);

    const result = (await database.db.execute(sql`SELECT image_key FROM poops`)) as { rows: Array<{ image_key: string }> };
    const prefix = result.rows[0]!.image_key;
    const display = await storage.get(poopImageKey(prefix, 'display'));
    const thumb = await storage.get(poopImageKey(prefix, 'thumb'));
    expect(display?.contentType).toBe('image/webp');
    const displayMeta = await sharp(display!.bytes).metadata();
    const thumbMeta = await sharp(thumb!.bytes).metadata();
    expect(displayMeta.height).toBe(PHOTO_DISPLAY_MAX_SIDE);
    expect(displayMeta.orientation).toBeUndefined();
    expect(Math.max(thumbMeta.width, thumbMeta.height)).toBe(PHOTO_THUMB_MAX_SIDE);
    expect(thumbMeta.height > thumbMeta.width).toBe(true);

    const placeholder = Buffer.from(poop.placeholder.split(',')[1], 'base64');
    const placeholderMeta = await sharp(placeholder).metadata();
    expect(Math.max(placeholderMeta.width, placeholderMeta.height)).toBeLessThanOrEqual(16);
    expect(placeholder.length).toBeLessThan(1024);
  });

  it('accepts PNG and WebP, and never enlarges a small photo', async () => {
    const { app } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const png = await putPoop(app, cookie, randomUUID(), { photo: await makePng(40, 30), filename: 'a.png' });
    expect(png.statusCode).toBe(201);
    expect([png.json().poop.width, png.json().poop.height]).toEqual([40, 30]);
    const webp = await sharp(await makePng(50, 20))
      .webp()
      .toBuffer();
    const res = await putPoop(app, cookie, randomUUID(), { photo: webp, filename: 'b.webp' });
    expect(res.statusCode).toBe(201);
  });
});

describe('sniffImageFormat', () => {
  it('reads the magic bytes, not the name', async () => {
    expect(sniffImageFormat(await makeJpeg())).toBe('jpeg');
    expect(sniffImageFormat(await makePng())).toBe('png');
    expect(
      sniffImageFormat(
        await sharp(await makePng())
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(
      sniffImageFormat(
        await sharp(await makePng())
          .avif()
          .toBuffer(),
      ),
    ).toBe('avif');
    expect(sniffImageFormat(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0'))).toBe('heic');
    expect(sniffImageFormat(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('<html>'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeUndefined();
  });

  it('multipart bodies built by the helper carry the photo', async () => {
    const body = await multipartBody({ type: 'Type 1' });
    expect(body.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(body.payload.includes('name="photo"')).toBe(true);
  });
});

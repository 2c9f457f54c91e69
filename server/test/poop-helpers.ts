import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { onTestFinished } from 'vitest';
import { createStorage } from '../storage/create-storage';
import type { Database } from '../db/database';
import { build, signIn, type BuildOptions, type TestApp } from './helpers';

/** The real app with its files in a fresh temporary DATA_DIR, removed when the test ends. */
export async function buildWithFiles(overrides: Record<string, string> = {}, options: BuildOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-files-'));
  onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const testApp: TestApp = await build({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '0', ...overrides }, options);
  const filesDir = path.join(dataDir, 'files');
  return { ...testApp, storage: createStorage(testApp.config), filesDir, files: () => listFiles(filesDir) };
}

/** An e-mail no other test uses (the Auth emulator keeps accounts for the whole run). */
export function uniqueEmail(name: string): string {
  return `${name}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Every file under `dir`, relative, sorted ([] when it does not exist). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A small JPEG, by default plain; `gps` adds EXIF GPS tags, `orientation` an EXIF rotation. */
export async function makeJpeg(options: { width?: number; height?: number; gps?: boolean; orientation?: number } = {}) {
  const { width = 64, height = 48 } = options;
  let image = sharp({ create: { width, height, channels: 3, background: { r: 140, g: 90, b: 40 } } }).jpeg();
  if (options.gps) {
    image = image
      .withExif({
        IFD0: { Make: 'PlopTestCam', Model: 'GPS-9000' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 42/1 51/1', GPSLongitudeRef: 'W', GPSLongitude: '74/1 0/1 21/1' },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
          '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,42.85N"/></rdf:RDF></x:xmpmeta>',
      )
      .withIccProfile('p3');
  }
  const bytes = await image.toBuffer();
  if (options.orientation === undefined) return bytes;
  return sharp(bytes).withMetadata({ orientation: options.orientation }).jpeg().toBuffer();
}

export async function makePng(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
}

/**
 * A valid PNG whose header claims width x height (1-bit grey, all black): a few tens of kB on
 * the wire, hundreds of megapixels once decoded. Built by hand because encoding it with sharp
 * would itself decode-size the whole thing.
 */
export function pixelBombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte 0, then black pixels
  const raw = Buffer.alloc(row.length * height);
  const compressed = zlib.deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', compressed),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface PostFields {
  type?: string;
  title?: string;
  description?: string;
  private?: boolean;
  showInMap?: boolean;
  latitude?: number;
  longitude?: number;
  placeName?: string;
  /** When the post was made (ISO 8601), as the outbox sends it. */
  createdDate?: string;
  /** The author's private health details as JSON (issue 43). */
  health?: string;
  /** The photo's bytes; `null` sends no photo at all. */
  photo?: Uint8Array | null;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body encoded by the platform's own FormData, as a browser would send it. */
export async function multipartBody(fields: PostFields) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || ['photo', 'filename', 'contentType'].includes(key)) continue;
    form.append(key, String(value));
  }
  if (fields.photo !== null) {
    const bytes = fields.photo ?? (await makeJpeg());
    form.append('photo', new Blob([bytes], { type: fields.contentType ?? 'image/jpeg' }), fields.filename ?? 'photo.jpg');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** PUT /api/poops/:id with the given fields (type 'Type 4' and a small JPEG unless said otherwise). */
export async function putPoop(app: FastifyInstance, cookie: string | undefined, id: string, fields: PostFields = {}) {
  const body = await multipartBody({ type: 'Type 4', ...fields });
  return app.inject({
    method: 'PUT',
    url: `/api/poops/${id}`,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

/** Signs in and posts one poop; answers the session and the post. */
export async function signInAndPost(app: FastifyInstance, fields: PostFields = {}) {
  const session = await signIn(app);
  const id = randomUUID();
  const res = await putPoop(app, session.cookie, id, fields);
  if (res.statusCode !== 201) throw new Error(`PUT /api/poops/${id}: ${res.statusCode} ${res.body}`);
  return { ...session, id, poop: res.json().poop };
}

/** The single value `n` of a one-row query, e.g. sql`SELECT count(*) AS n FROM poops`. */
export async function scalar(database: Database, query: SQL): Promise<number> {
  const rows = resultRows<{ n: number | string }>(await database.db.execute(query));
  return Number(rows[0]!.n);
}

/** drizzle's execute answers `{ rows }` on both drivers. */
function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Dates the account's creation `days` back, as if it had been opened then (what is dated before it earns nothing, issue 61). */
export async function accountCreatedDaysAgo(database: Database, uid: string, days: number) {
  await database.db.execute(sql`UPDATE users SET created_at = now() - make_interval(days => ${days}::int) WHERE uid = ${uid}`);
}

/** Dates the account's creation at `at`: for tests on a fixed clock, whose days are before the database's now(). */
export async function accountCreatedAt(database: Database, uid: string, at: Date) {
  await database.db.execute(sql`UPDATE users SET created_at = ${at.toISOString()}::timestamptz WHERE uid = ${uid}`);
}

/** Signs in with an account opened a month ago, so posts dated in the past days count for it. */
export async function signInMonthOld(app: FastifyInstance, database: Database) {
  const session = await signIn(app);
  await accountCreatedDaysAgo(database, session.user.uid, 30);
  return session;
}

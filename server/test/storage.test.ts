import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../config';
import { createStorage } from '../storage/create-storage';
import { DiskStorage } from '../storage/disk-storage';
import type { ByteRange, ObjectStorage } from '../storage/object-storage';
import { avatarKey, isValidKey, keySegment, poopImageKey, poopImagePrefix, storageKey } from '../storage/storage-keys';
import { listFiles } from './poop-helpers';
import { s3Server } from './s3-server';

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-storage-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const adapters: Array<[string, () => Promise<ObjectStorage>]> = [
  ['disk', async () => new DiskStorage(path.join(tempDir(), 'files'))],
  // A real S3-compatible server on loopback (s3rver), spoken to by the real AWS SDK.
  ['s3', async () => (await s3Server('plop-test')).storage],
];

describe.each(adapters)('%s storage', (_kind, open) => {
  const bytes = new Uint8Array([1, 2, 3, 0, 10, 255]);

  it('puts, gets (with the content type), replaces and deletes', async () => {
    const storage = await open();
    const key = poopImageKey(poopImagePrefix({ uid: 'u1' }, 'Type 1', 'id-1'), 'display');
    expect(await storage.get(key)).toBeUndefined();
    await storage.put(key, bytes, 'image/webp');
    const got = await storage.get(key);
    expect(got?.contentType).toBe('image/webp');
    expect(Buffer.from(got!.bytes)).toEqual(Buffer.from(bytes));
    await storage.put(key, new Uint8Array([9]), 'image/png');
    expect(Buffer.from((await storage.get(key))!.bytes)).toEqual(Buffer.from([9]));
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await storage.delete(key);
  });

  it('puts a local file as a stream and reads it back as a stream with its size (data exports)', async () => {
    const storage = await open();
    const key = storageKey('exports', 'u1', 'e1.zip');
    expect(await storage.getStream(key)).toBeUndefined();
    const source = path.join(tempDir(), 'archive.zip');
    // Past S3Storage's 8 MiB part (a multipart upload of two parts) and many 64 KiB read chunks.
    const content = Buffer.alloc(9 * 1024 * 1024 + 1234, 7);
    content.write('PK', 0);
    fs.writeFileSync(source, content);
    await storage.putFile(key, source, 'application/zip');
    const stored = await storage.getStream(key);
    expect(stored?.contentType).toBe('application/zip');
    expect(stored?.size).toBe(content.length);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
    await storage.delete(key);
    expect(await storage.getStream(key)).toBeUndefined();
  });

  it('deletePrefix removes the key and what is under it, not its string neighbours', async () => {
    const storage = await open();
    const prefix = storageKey('poops', 'u', 'Type 2', 'abc');
    await storage.put(`${prefix}/display.webp`, bytes, 'image/webp');
    await storage.put(`${prefix}/thumb.webp`, bytes, 'image/webp');
    await storage.put(`${prefix}d/display.webp`, bytes, 'image/webp');
    const avatar = avatarKey({ uid: 'u' });
    await storage.put(avatar, bytes, 'image/webp');
    await storage.deletePrefix(prefix);
    expect(await storage.get(`${prefix}/display.webp`)).toBeUndefined();
    expect(await storage.get(`${prefix}/thumb.webp`)).toBeUndefined();
    expect(await storage.get(`${prefix}d/display.webp`)).toBeDefined();
    expect(await storage.get(avatar)).toBeDefined();
    await storage.deletePrefix(prefix);
  });

  it('reads a byte range: from-to, open-ended, suffix, cut at the end, and past the end', async () => {
    const storage = await open();
    const key = poopImageKey(poopImagePrefix({ uid: 'u1' }, 'Type 3', 'id-r'), 'display');
    expect(await storage.getRange(key, { start: 0, end: 1 })).toBeUndefined();
    const whole = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
    await storage.put(key, whole, 'image/webp');
    const read = async (range: ByteRange) => {
      const got = await storage.getRange(key, range);
      if (!got || 'unsatisfiable' in got) return got;
      return { bytes: [...got.bytes], start: got.start, end: got.end, size: got.size, contentType: got.contentType };
    };
    const slice = (start: number, end: number) => ({
      bytes: [...whole.subarray(start, end + 1)],
      start,
      end,
      size: 100,
      contentType: 'image/webp',
    });
    expect(await read({ start: 10, end: 19 })).toEqual(slice(10, 19));
    expect(await read({ start: 0, end: 0 })).toEqual(slice(0, 0));
    expect(await read({ start: 95 })).toEqual(slice(95, 99));
    expect(await read({ start: 90, end: 500 })).toEqual(slice(90, 99));
    expect(await read({ suffix: 3 })).toEqual(slice(97, 99));
    expect(await read({ suffix: 1000 })).toEqual(slice(0, 99));
    expect(await read({ start: 100 })).toEqual({ unsatisfiable: true, size: 100 });
    expect(await read({ start: 5, end: 4 })).toEqual({ unsatisfiable: true, size: 100 });
    expect(await read({ suffix: 0 })).toEqual({ unsatisfiable: true, size: 100 });
  });

  it('lists what is under a prefix with its write time, not its string neighbours', async () => {
    const storage = await open();
    const before = Date.now() - 2000;
    await storage.put('poops/u/a/1/display.webp', bytes, 'image/webp');
    await storage.put('poops/u/a/1/thumb.webp', bytes, 'image/webp');
    await storage.put('poops/uu/a/2/display.webp', bytes, 'image/webp');
    const listed = await storage.list('poops/u');
    expect(listed.map((o) => o.key).sort()).toEqual(['poops/u/a/1/display.webp', 'poops/u/a/1/thumb.webp']);
    for (const object of listed) expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(await storage.list('poops/nobody')).toEqual([]);
  });

  it.each(['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a/./b', 'a\\b', 'a/b\0', '', 'a/ b'])('refuses the raw key %j', async (key) => {
    const storage = await open();
    await expect(storage.put(key, bytes, 'image/webp')).rejects.toThrow(RangeError);
    await expect(storage.get(key)).rejects.toThrow(RangeError);
    await expect(storage.deletePrefix(key)).rejects.toThrow(RangeError);
  });
});

describe('storage keys', () => {
  it('follow the spec layout, one escaped segment per part', () => {
    // The per-user folder is the uid, never an e-mail (mutable and reusable).
    expect(poopImagePrefix({ uid: 'u1' }, 'Type 4', 'f00')).toBe('poops/u1/Type%204/f00');
    expect(poopImagePrefix({ uid: 'anon-uid' }, 'Other', 'f00')).toBe('poops/anon-uid/Other/f00');
    expect(avatarKey({ uid: 'u1' })).toBe('users/u1/avatar');
  });

  it.each([
    ['..', '%2E%2E'],
    ['.', '%2E'],
    ['a/b', 'a%2Fb'],
    ['../../etc', '..%2F..%2Fetc'],
    ['a\\b', 'a%5Cb'],
  ])('escapes the segment %j as %j so it cannot climb out', (raw, escaped) => {
    expect(keySegment(raw)).toBe(escaped);
    expect(isValidKey(storageKey('poops', raw, 'x'))).toBe(true);
    expect(storageKey('poops', raw, 'x').split('/')).toHaveLength(3);
  });

  it('an empty segment is refused', () => {
    expect(() => storageKey('poops', '', 'x')).toThrow(RangeError);
  });

  it('a hostile segment stays inside the files folder on disk', async () => {
    const root = path.join(tempDir(), 'files');
    const storage = new DiskStorage(root);
    const key = poopImageKey(poopImagePrefix({ uid: '../../../tmp/evil' }, '..', '..'), 'display');
    await storage.put(key, new Uint8Array([1]), 'image/webp');
    expect(listFiles(root)).toEqual([key.split('/').join(path.sep)]);
    await storage.deletePrefix(key.slice(0, key.lastIndexOf('/')));
    expect(listFiles(root)).toEqual([]);
    // Emptied folders are pruned, the root (and its staging folder) stays.
    expect(fs.readdirSync(root).filter((name) => name !== '.staging')).toEqual([]);
  });
});

describe('createStorage', () => {
  it('is local disk under DATA_DIR/files by default, S3 when S3_BUCKET is set', () => {
    expect(createStorage(loadConfig({ DATA_DIR: '/tmp/plop-x' })).kind).toBe('disk');
    const config = loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9', S3_REGION: 'eu-west-1' });
    expect(config.storage.s3).toMatchObject({ bucket: 'b', endpoint: 'http://127.0.0.1:9', region: 'eu-west-1' });
    expect(createStorage(config).kind).toBe('s3');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../config';
import { createStorage } from '../storage/create-storage';
import { DiskStorage } from '../storage/disk-storage';
import type { ObjectStorage } from '../storage/object-storage';
import { S3Storage } from '../storage/s3-storage';
import { avatarKey, isValidKey, keySegment, poopImageKey, poopImagePrefix, storageKey } from '../storage/storage-keys';
import { fakeS3 } from './fake-s3';
import { listFiles } from './poop-helpers';

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-storage-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const adapters: Array<[string, () => Promise<ObjectStorage>]> = [
  ['disk', async () => new DiskStorage(path.join(tempDir(), 'files'))],
  [
    's3',
    async () => {
      const s3 = await fakeS3('plop-test');
      return new S3Storage({
        bucket: 'plop-test',
        region: 'us-east-1',
        endpoint: s3.endpoint,
        accessKeyId: 'test',
        secretAccessKey: 'test-secret',
      });
    },
  ],
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

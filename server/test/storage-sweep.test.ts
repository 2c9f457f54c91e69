import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { poopImageUrl } from '../../core/poop-api';
import { poops, users } from '../db/schema';
import { StoredFilesRepository } from '../repositories/stored-files.repository';
import { DELETED_POST_FILES_GRACE_MS, StorageSweepService } from '../services/storage-sweep.service';
import { createStorage } from '../storage/create-storage';
import type { ObjectStorage } from '../storage/object-storage';
import { avatarKey, poopImageKey, storageKey } from '../storage/storage-keys';
import { build, signIn } from './helpers';
import { s3Server } from './s3-server';
import { buildWithFiles, makeJpeg, multipartBody, signInAndPost, uniqueEmail } from './poop-helpers';

async function withDisk() {
  const built = await buildWithFiles();
  return { ...built, storage: built.storage };
}

async function withS3() {
  // A real S3-compatible server on loopback (s3rver).
  const s3 = await s3Server('plop-sweep');
  const built = await build({
    RATE_LIMIT_MAX: '0',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  return { ...built, storage: createStorage(built.config) };
}

async function allKeys(storage: ObjectStorage): Promise<string[]> {
  return [...(await storage.list('poops')), ...(await storage.list('users'))].map((o) => o.key).sort();
}

const HOUR = 3600_000;

describe.each([
  ['disk', withDisk],
  ['s3', withS3],
])('storage sweep on %s', (_kind, open) => {
  it('moves files stored under an e-mail to the uid folder; no key holds an e-mail afterwards', async () => {
    const { app, database, storage } = await open();
    const email = uniqueEmail('legacy');
    const { id, account, cookie } = await signInAndPost(app);
    await database.db.update(users).set({ email }).where(eq(users.uid, account.uid));
    // Put the post and an avatar where the old code kept them: under the e-mail.
    const [row] = await database.db.select().from(poops).where(eq(poops.id, id));
    const legacyPrefix = storageKey('poops', email, 'Type 4', id);
    for (const variant of ['display', 'thumb'] as const) {
      const object = (await storage.get(poopImageKey(row!.imageKey, variant)))!;
      await storage.put(poopImageKey(legacyPrefix, variant), object.bytes, object.contentType);
    }
    await storage.deletePrefix(row!.imageKey);
    await database.db.update(poops).set({ imageKey: legacyPrefix }).where(eq(poops.id, id));
    const legacyAvatar = storageKey('users', email, 'avatar');
    await storage.put(legacyAvatar, new Uint8Array([1, 2, 3]), 'image/webp');
    await database.db.update(users).set({ avatarKey: legacyAvatar }).where(eq(users.uid, account.uid));
    expect((await allKeys(storage)).some((key) => key.includes(email))).toBe(true);

    const sweeper = new StorageSweepService({ files: new StoredFilesRepository(database.db), storage });
    const report = await sweeper.sweep(new Date());
    expect(report.moved).toBe(2);

    const keys = await allKeys(storage);
    expect(keys.some((key) => key.includes('@'))).toBe(false);
    expect(keys).toEqual(
      [
        avatarKey({ uid: account.uid }),
        `poops/${account.uid}/Type%204/${id}/display.webp`,
        `poops/${account.uid}/Type%204/${id}/thumb.webp`,
      ].sort(),
    );
    const image = await app.inject({ method: 'GET', url: poopImageUrl(id, 'display'), headers: { cookie } });
    expect(image.statusCode).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.uid, account.uid));
    expect(user!.avatarKey).toBe(avatarKey({ uid: account.uid }));
  });

  it("a deleted post's files go after the undo window; the row stays soft-deleted", async () => {
    const { app, database, storage } = await open();
    const { id, cookie, account } = await signInAndPost(app);
    const del = await app.inject({ method: 'DELETE', url: `/api/poops/${id}`, headers: { cookie } });
    expect(del.statusCode).toBeLessThan(300);
    const sweeper = new StorageSweepService({ files: new StoredFilesRepository(database.db), storage });
    await sweeper.sweep(new Date());
    expect(await storage.list(`poops/${account.uid}`)).toHaveLength(2);

    const report = await sweeper.sweep(new Date(Date.now() + DELETED_POST_FILES_GRACE_MS + 60_000));
    expect(report.deletedPostFiles).toBe(1);
    expect(await storage.list(`poops/${account.uid}`)).toHaveLength(0);
    const [row] = await database.db.select().from(poops).where(eq(poops.id, id));
    expect(row).toMatchObject({ deleted: true, filesRemoved: true });
  });

  it('files no row records are removed once older than the safe age; recorded ones stay', async () => {
    const { app, database, storage } = await open();
    const { id, account } = await signInAndPost(app);
    const orphanPost = poopImageKey(storageKey('poops', account.uid, 'Type 4', randomUUID()), 'display');
    const strayBeside = `poops/${account.uid}/Type%204/${id}/display.webp.${randomUUID()}.tmp`;
    const orphanAvatar = avatarKey({ uid: 'nobody-here' });
    for (const key of [orphanPost, strayBeside, orphanAvatar]) await storage.put(key, new Uint8Array([7]), 'image/webp');

    const sweeper = new StorageSweepService({ files: new StoredFilesRepository(database.db), storage });
    expect((await sweeper.sweep(new Date())).orphans).toBe(0);
    expect((await sweeper.sweep(new Date(Date.now() + 2 * HOUR))).orphans).toBe(3);
    expect(await allKeys(storage)).toEqual(
      [`poops/${account.uid}/Type%204/${id}/display.webp`, `poops/${account.uid}/Type%204/${id}/thumb.webp`].sort(),
    );
  });
});

describe('files are keyed by uid, never by a reusable e-mail', () => {
  it("a new account with another's old e-mail neither overwrites nor deletes that account's files", async () => {
    const { app, files } = await buildWithFiles();
    const email = uniqueEmail('reused');
    const a = await signIn(app, email);
    const avatarForm = async () => {
      const form = new FormData();
      form.append('avatar', new Blob([await makeJpeg()], { type: 'image/jpeg' }), 'a.jpg');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
    };
    const aForm = await avatarForm();
    const aAvatar = await app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { cookie: a.cookie, 'content-type': aForm.type },
      payload: aForm.payload,
    });
    expect(aAvatar.statusCode).toBe(200);
    const post = await multipartBody({ type: 'Type 4' });
    const aPost = await app.inject({
      method: 'PUT',
      url: `/api/poops/${randomUUID()}`,
      headers: { ...post.headers, cookie: a.cookie },
      payload: post.payload,
    });
    expect(aPost.statusCode).toBe(201);
    const aFiles = files();
    expect(aFiles.some((f) => f.includes('@'))).toBe(false);

    // A moves to a new address on Firebase; B signs up with the old one (the app sees the same e-mail).
    await changeEmailOnEmulator(a.account.uid, uniqueEmail('moved'));
    const b = await signIn(app, email);
    const bForm = await avatarForm();
    await app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { cookie: b.cookie, 'content-type': bForm.type },
      payload: bForm.payload,
    });
    const del = await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: b.cookie } });
    expect(del.json().status).toBe('deleted');

    expect(files()).toEqual(aFiles);
    const mine = await app.inject({ method: 'GET', url: `/api/media/users/${a.account.uid}/avatar` });
    expect(mine.statusCode).toBe(200);
  });
});

async function changeEmailOnEmulator(uid: string, email: string): Promise<void> {
  const res = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, email }),
    },
  );
  if (!res.ok) throw new Error(`emulator accounts:update: ${res.status}`);
}

/**
 * The shared-photo store (core/share-target.ts): the worker writes the photo a share brought,
 * the create screen reads it and forgets it once posted. One file for the page and the worker,
 * which must open the very same database (they may not import each other).
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import { SHARED_PHOTO_DB_NAME, SHARED_PHOTO_DB_VERSION, SHARED_PHOTO_KEY, SHARED_PHOTO_STORE } from '../share-target';

/** What the worker keeps until the post is made (or another share replaces it, or the user signs out). */
export interface SharedPhoto {
  file: Blob;
  name: string;
  /** When it was shared (ms since the epoch). */
  sharedAt: number;
}

interface SharedPhotoDb extends DBSchema {
  [SHARED_PHOTO_STORE]: { key: string; value: SharedPhoto };
}

async function withDb<T>(use: (db: IDBPDatabase<SharedPhotoDb>) => Promise<T>): Promise<T> {
  const { openDB } = await import('idb');
  const db = await openDB<SharedPhotoDb>(SHARED_PHOTO_DB_NAME, SHARED_PHOTO_DB_VERSION, {
    upgrade(upgrading) {
      upgrading.createObjectStore(SHARED_PHOTO_STORE);
    },
  });
  try {
    return await use(db);
  } finally {
    db.close();
  }
}

/** The first image among a share's files (other files cannot be a post's photo). */
export function firstSharedImage(entries: readonly unknown[]): File | undefined {
  return entries.find((entry): entry is File => entry instanceof File && entry.type.startsWith('image/') && entry.size > 0);
}

export const sharedPhotoStore = {
  put(photo: SharedPhoto): Promise<void> {
    return withDb(async (db) => void (await db.put(SHARED_PHOTO_STORE, photo, SHARED_PHOTO_KEY)));
  },
  get(): Promise<SharedPhoto | undefined> {
    return withDb((db) => db.get(SHARED_PHOTO_STORE, SHARED_PHOTO_KEY));
  },
  /** Forgets the waiting photo (posted, or the user signed out). */
  clear(): Promise<void> {
    return withDb((db) => db.delete(SHARED_PHOTO_STORE, SHARED_PHOTO_KEY));
  },
};

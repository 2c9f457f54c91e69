/** A stored file and the Content-Type it was stored with. */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Where uploaded files live: local disk by default, or any S3-compatible bucket (see
 * create-storage.ts). Keys are `/`-separated paths built with storage-keys.ts, e.g.
 * `poops/{uid}/{type}/{id}/display.webp` or `users/{uid}/avatar`.
 */
export interface ObjectStorage {
  readonly kind: 'disk' | 's3';
  /** Writes (or replaces) the object at `key`; readers see the whole object or nothing. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes the object at `prefix` and every object under `prefix/` (segment-wise, not by string prefix). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored object under `prefix/`, with when it was last written (for the storage sweep). */
  list(prefix: string): Promise<ListedObject[]>;
  /**
   * Removes writes that never finished (a crash mid-upload) and were started before `before`;
   * answers how many. Disk stages each write in a staging folder and renames it into place;
   * S3 writes an object whole or not at all, so it has none.
   */
  removeStaleStaging(before: Date): Promise<number>;
}

export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

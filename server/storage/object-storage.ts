/** A stored file and the Content-Type it was stored with. */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Where uploaded files live: local disk by default, or any S3-compatible bucket (see
 * create-storage.ts). Keys are `/`-separated paths built with storage-keys.ts, e.g.
 * `poops/{email}/{type}/{id}/display.webp` or `users/{email}/avatar`.
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
}

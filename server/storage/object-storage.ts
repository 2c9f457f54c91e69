import type { Readable } from 'node:stream';
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
  /**
   * Writes (or replaces) the object at `key` with the bytes of the local file `file`, streamed (a
   * large archive is never held in memory); readers see the whole object or nothing.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The object as a stream with its size, or undefined when there is none. */
  getStream(key: string): Promise<StoredStream | undefined>;
  /**
   * Part of the object (an HTTP `Range` request): its bytes and where they sit in the whole, or
   * `{ unsatisfiable, size }` when the range lies past the end; undefined when there is no object.
   */
  getRange(key: string, range: ByteRange): Promise<StoredRange | UnsatisfiableRange | undefined>;
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

export interface StoredStream {
  stream: Readable;
  contentType: string;
  size: number;
}

export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

/** Bytes `start` to `end` inclusive (to the last byte when `end` is omitted), or the last `suffix` bytes, as HTTP asks. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** A satisfiable range: its bytes, its inclusive bounds and the whole object's size. */
export interface StoredRange extends StoredObject {
  start: number;
  end: number;
  size: number;
}

export interface UnsatisfiableRange {
  unsatisfiable: true;
  size: number;
}

/**
 * The inclusive bounds `range` covers in an object of `size` bytes (RFC 9110 §14.1.2): an end
 * past the last byte is cut to it; a start past it, an empty suffix or an empty object leave nothing.
 */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | undefined {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return undefined;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) return undefined;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

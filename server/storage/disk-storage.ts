import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import {
  resolveRange,
  type ByteRange,
  type ListedObject,
  type ObjectStorage,
  type StoredObject,
  type StoredRange,
  type StoredStream,
  type UnsatisfiableRange,
} from './object-storage';
import { isValidKey } from './storage-keys';

/**
 * Each object is one file under `root`, at its key's path. The content type is the file's first
 * line (`plop-object <content-type>\n`), so a write is a single atomic rename and needs no
 * second file to keep in step.
 */
const HEADER_PREFIX = 'plop-object ';
const MAX_HEADER_BYTES = 256;
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+$/;
/** Writes are staged here (inside the root, so the rename stays on one file system); no key starts with it. */
const STAGING = '.staging';

export class DiskStorage implements ObjectStorage {
  readonly kind = 'disk';
  private readonly root: string;

  /** Nothing is created until the first write. */
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    if (!CONTENT_TYPE.test(contentType)) throw new RangeError(`bad content type ${contentType}`);
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const staging = path.join(this.root, STAGING);
    await fs.mkdir(staging, { recursive: true });
    // Never beside the file: a crash leaves the half-written file only here, where the sweep looks.
    const temp = path.join(staging, `${randomUUID()}.tmp`);
    try {
      await fs.writeFile(temp, Buffer.concat([Buffer.from(`${HEADER_PREFIX}${contentType}\n`), bytes]));
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, source: string, contentType: string): Promise<void> {
    if (!CONTENT_TYPE.test(contentType)) throw new RangeError(`bad content type ${contentType}`);
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const staging = path.join(this.root, STAGING);
    await fs.mkdir(staging, { recursive: true });
    const temp = path.join(staging, `${randomUUID()}.tmp`);
    try {
      const out = createWriteStream(temp);
      out.write(`${HEADER_PREFIX}${contentType}\n`);
      await pipeline(createReadStream(source), out);
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  /** Opens a stored file and reads its header: the caller owns the open handle. Undefined when absent. */
  private async openStored(key: string): Promise<{ file: fs.FileHandle; contentType: string; offset: number; size: number } | undefined> {
    let file: fs.FileHandle;
    try {
      file = await fs.open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    try {
      const head = Buffer.alloc(MAX_HEADER_BYTES);
      const { bytesRead } = await file.read(head, 0, MAX_HEADER_BYTES, 0);
      const { contentType, offset } = parseHeader(key, head.subarray(0, bytesRead));
      return { file, contentType, offset, size: (await file.stat()).size - offset };
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  async getStream(key: string): Promise<StoredStream | undefined> {
    const stored = await this.openStored(key);
    if (!stored) return undefined;
    const { file, contentType, offset, size } = stored;
    // The stream owns the handle from here and closes it when it ends or is destroyed.
    return { stream: file.createReadStream({ start: offset, autoClose: true }), contentType, size };
  }

  async get(key: string): Promise<StoredObject | undefined> {
    let data: Buffer;
    try {
      data = await fs.readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    const { contentType, offset } = parseHeader(key, data);
    return { contentType, bytes: data.subarray(offset) };
  }

  async getRange(key: string, range: ByteRange): Promise<StoredRange | UnsatisfiableRange | undefined> {
    const stored = await this.openStored(key);
    if (!stored) return undefined;
    const { file, contentType, offset, size } = stored;
    try {
      const bounds = resolveRange(range, size);
      if (!bounds) return { unsatisfiable: true, size };
      // Only the asked-for bytes are read: a video-style seek into a large file stays cheap.
      const bytes = Buffer.alloc(bounds.end - bounds.start + 1);
      await file.read(bytes, 0, bytes.length, offset + bounds.start);
      return { contentType, bytes, size, ...bounds };
    } finally {
      await file.close();
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.rm(file, { force: true });
    await this.pruneEmptyFolders(path.dirname(file));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const target = this.pathOf(prefix);
    await fs.rm(target, { recursive: true, force: true });
    await this.pruneEmptyFolders(path.dirname(target));
  }

  async list(prefix: string): Promise<ListedObject[]> {
    const base = this.pathOf(prefix);
    const found: ListedObject[] = [];
    const walk = async (folder: string): Promise<void> => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await fs.readdir(folder, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile()) {
          const stat = await fs.stat(full);
          found.push({ key: path.relative(this.root, full).split(path.sep).join('/'), modifiedAt: stat.mtime });
        }
      }
    };
    await walk(base);
    return found;
  }

  async removeStaleStaging(before: Date): Promise<number> {
    const staging = path.join(this.root, STAGING);
    let names: string[];
    try {
      names = await fs.readdir(staging);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(staging, name);
      const stat = await fs.stat(file).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (stat && stat.mtime < before) {
        await fs.rm(file, { force: true, recursive: true });
        removed++;
      }
    }
    return removed;
  }

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new RangeError(`invalid storage key ${JSON.stringify(key)}`);
    const file = path.resolve(this.root, key);
    // Valid keys cannot escape, but the check costs nothing and guards future changes.
    if (!file.startsWith(this.root + path.sep)) throw new RangeError(`storage key escapes the root: ${key}`);
    return file;
  }

  /** Removes the folders a delete left empty, up to (not including) the root. */
  private async pruneEmptyFolders(folder: string): Promise<void> {
    let current = folder;
    while (current.startsWith(this.root + path.sep)) {
      try {
        await fs.rmdir(current);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // Not empty, or already gone: either way, nothing more to prune above it.
        if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOENT') return;
        throw error;
      }
      current = path.dirname(current);
    }
  }
}

/** The content type from a stored file's first line, and where its bytes begin. */
function parseHeader(key: string, data: Buffer): { contentType: string; offset: number } {
  const end = data.indexOf(0x0a);
  const header = end > 0 && end < MAX_HEADER_BYTES ? data.subarray(0, end).toString('utf8') : '';
  if (!header.startsWith(HEADER_PREFIX)) throw new Error(`storage file for ${key} has no header`);
  return { contentType: header.slice(HEADER_PREFIX.length), offset: end + 1 };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStorage, StoredObject } from './object-storage';
import { isValidKey } from './storage-keys';

/**
 * Each object is one file under `root`, at its key's path. The content type is the file's first
 * line (`plop-object <content-type>\n`), so a write is a single atomic rename and needs no
 * second file to keep in step.
 */
const HEADER_PREFIX = 'plop-object ';
const MAX_HEADER_BYTES = 256;
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

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
    const temp = `${file}.${randomUUID()}.tmp`;
    try {
      await fs.writeFile(temp, Buffer.concat([Buffer.from(`${HEADER_PREFIX}${contentType}\n`), bytes]));
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    let data: Buffer;
    try {
      data = await fs.readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    const end = data.indexOf(0x0a);
    const header = end > 0 && end < MAX_HEADER_BYTES ? data.subarray(0, end).toString('utf8') : '';
    if (!header.startsWith(HEADER_PREFIX)) throw new Error(`storage file for ${key} has no header`);
    return { contentType: header.slice(HEADER_PREFIX.length), bytes: data.subarray(end + 1) };
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

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
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

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, ...): their URL; path-style addressing is then used. */
  endpoint: string | undefined;
  /** Without them the SDK's default chain applies (environment, instance role, ...). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/** putFile's part size (S3's smallest is 5 MiB, but for the last part): the most it holds in memory. */
const PUT_FILE_PART_BYTES = 8 * 1024 * 1024;

/** S3 allows at most this many keys per DeleteObjects request. */
const DELETE_BATCH = 1000;

export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.endpoint !== undefined,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    checkKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  /**
   * Reads the file one part at a time (at most PUT_FILE_PART_BYTES in memory): a small file is one
   * PutObject, a larger one a multipart upload, aborted if a part fails. Parts are sent as bytes,
   * not as a stream: a streamed body makes the SDK use aws-chunked encoding, which not every
   * S3-compatible server reads.
   */
  async putFile(key: string, file: string, contentType: string): Promise<void> {
    checkKey(key);
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      const readPart = async (position: number) => {
        const part = Buffer.alloc(Math.min(PUT_FILE_PART_BYTES, size - position));
        await handle.read(part, 0, part.length, position);
        return part;
      };
      if (size <= PUT_FILE_PART_BYTES) {
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: await readPart(0), ContentType: contentType }));
        return;
      }
      const { UploadId } = await this.client.send(
        new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      );
      try {
        const parts: Array<{ ETag: string | undefined; PartNumber: number }> = [];
        for (let position = 0, PartNumber = 1; position < size; position += PUT_FILE_PART_BYTES, PartNumber += 1) {
          const { ETag } = await this.client.send(
            new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId, PartNumber, Body: await readPart(position) }),
          );
          parts.push({ ETag, PartNumber });
        }
        await this.client.send(
          new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
        );
      } catch (error) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }));
        throw error;
      }
    } finally {
      await handle.close();
    }
  }

  async getStream(key: string): Promise<StoredStream | undefined> {
    checkKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(res.Body instanceof Readable)) return undefined;
      return { stream: res.Body, contentType: res.ContentType ?? 'application/octet-stream', size: res.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    checkKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return undefined;
      return { bytes: await res.Body.transformToByteArray(), contentType: res.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  async getRange(key: string, range: ByteRange): Promise<StoredRange | UnsatisfiableRange | undefined> {
    checkKey(key);
    let asked: { start: number; end?: number };
    if ('suffix' in range) {
      // Not every S3-compatible server reads `bytes=-N`; with the size known, the range is explicit.
      const size = await this.sizeOf(key);
      if (size === undefined) return undefined;
      const bounds = resolveRange(range, size);
      if (!bounds) return { unsatisfiable: true, size };
      asked = bounds;
    } else {
      if (range.end !== undefined && range.end < range.start) {
        const size = await this.sizeOf(key);
        return size === undefined ? undefined : { unsatisfiable: true, size };
      }
      asked = range;
    }
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${asked.start}-${asked.end ?? ''}` }),
      );
      if (!res.Body) return undefined;
      const bytes = await res.Body.transformToByteArray();
      const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
      // A server that ignores Range answers the whole object (200, no Content-Range): cut it here.
      const size = match ? Number(match[3]) : bytes.length;
      const contentType = res.ContentType ?? 'application/octet-stream';
      const bounds = resolveRange(asked, size);
      if (!bounds) return { unsatisfiable: true, size };
      // Where the answer starts; a server may also answer more than asked (s3rver reads `bytes=0-0` as `bytes=0-`).
      const from = match ? Number(match[1]) : 0;
      if (from > bounds.start) throw new Error(`S3 answered bytes from ${from} for a range from ${bounds.start}`);
      return { contentType, bytes: bytes.subarray(bounds.start - from, bounds.end - from + 1), ...bounds, size };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
        const size = await this.sizeOf(key);
        return size === undefined ? undefined : { unsatisfiable: true, size };
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    checkKey(prefix);
    const keys: string[] = [];
    for (const object of await this.listRaw(prefix)) {
      // "poops/a/Type 1/x" must not take "poops/a/Type 1/xy" with it.
      if (object.key === prefix || object.key.startsWith(`${prefix}/`)) keys.push(object.key);
    }
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key }));
      const res = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch, Quiet: true } }));
      if (res.Errors?.length) throw new Error(`S3 could not delete ${res.Errors.length} objects under ${prefix}`);
    }
  }

  async list(prefix: string): Promise<ListedObject[]> {
    checkKey(prefix);
    return (await this.listRaw(`${prefix}/`)).filter((object) => object.key.startsWith(`${prefix}/`));
  }

  async removeStaleStaging(): Promise<number> {
    // PutObject stores an object whole or not at all: a crash mid-upload leaves nothing behind.
    return 0;
  }

  private async sizeOf(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  private async listRaw(prefix: string): Promise<ListedObject[]> {
    const found: ListedObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key) found.push({ key: object.Key, modifiedAt: object.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }
}

function checkKey(key: string): void {
  if (!isValidKey(key)) throw new RangeError(`invalid storage key ${JSON.stringify(key)}`);
}

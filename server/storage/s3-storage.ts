import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { ListedObject, ObjectStorage, StoredObject } from './object-storage';
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

import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { DiskStorage } from './disk-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

/** The storage the configuration asks for: an S3 bucket when S3_BUCKET is set, else `${DATA_DIR}/files`. */
export function createStorage(config: Config): ObjectStorage {
  const { s3 } = config.storage;
  if (s3) return new S3Storage(s3);
  return new DiskStorage(path.join(config.dataDir, 'files'));
}

/**
 * Where upload bodies are streamed before the image pipeline takes them: the disk storage's
 * staging folder, which the storage sweep empties of what a crash left (under DATA_DIR even with
 * S3, where nothing sweeps it: each file is removed when its response is done).
 */
export function uploadStagingDir(config: Config): string {
  return path.join(config.dataDir, 'files', '.staging');
}

/** The exports' disk budget when EXPORTS_DISK_BUDGET_MB is unset: a fifth of the free space (a bucket: 5 GiB). */
const DEFAULT_EXPORTS_SHARE = 0.2;
const DEFAULT_EXPORTS_BUCKET_BYTES = 5 * 1024 ** 3;

/** What all data export archives together may take (config.storage.exportsBudgetBytes, else a share of the free space now). */
export function exportsBudgetBytes(config: Config): number {
  const { exportsBudgetBytes: configured, s3 } = config.storage;
  if (configured !== undefined) return configured;
  if (s3) return DEFAULT_EXPORTS_BUCKET_BYTES;
  // The data directory may not exist yet on a first start: its nearest existing parent is on the same disk.
  let dir = path.resolve(config.dataDir);
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const { bavail, bsize } = fs.statfsSync(dir);
  return Math.floor(bavail * bsize * DEFAULT_EXPORTS_SHARE);
}

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

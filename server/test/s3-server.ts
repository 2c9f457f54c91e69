import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { onTestFinished } from 'vitest';
import { S3Storage } from '../storage/s3-storage';
import { freeLoopbackPort } from './loopback-port';

/** s3rver's share of the suite's loopback ports. */
const FIRST_PORT = 4450;
const PORT_COUNT = 50;

/**
 * A real S3-compatible server (s3rver: the S3 REST API over a folder) on loopback with one
 * bucket, closed with its folder when the test ends. `storage` is an adapter on the same bucket,
 * for the test to look at what the app stored.
 */
export async function s3Server(bucket: string) {
  const port = await freeLoopbackPort(FIRST_PORT, PORT_COUNT);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  await server.run();
  onTestFinished(async () => {
    // The SDK keeps its sockets alive; close() would wait for them.
    server.httpServer.closeAllConnections();
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const storage = new S3Storage({ bucket, region: 'us-east-1', endpoint, ...credentials });
  return { endpoint, bucket, ...credentials, storage };
}

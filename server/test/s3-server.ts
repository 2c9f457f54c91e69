import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { onTestFinished } from 'vitest';
import { S3Storage } from '../storage/s3-storage';

/** s3rver listens on loopback in this range (the suite's share of ports); each worker starts at its own offset. */
const FIRST_PORT = 4450;
const PORT_COUNT = 50;
let nextOffset = (Number(process.env.VITEST_POOL_ID ?? 0) * 13) % PORT_COUNT;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API over a folder) on loopback with one
 * bucket, closed with its folder when the test ends. `storage` is an adapter on the same bucket,
 * for the test to look at what the app stored.
 */
export async function s3Server(bucket: string) {
  let port = 0;
  for (let tries = 0; tries < PORT_COUNT && port === 0; tries++) {
    const candidate = FIRST_PORT + (nextOffset++ % PORT_COUNT);
    if (await isFree(candidate)) port = candidate;
  }
  if (port === 0) throw new Error(`no free port for s3rver in ${FIRST_PORT}-${FIRST_PORT + PORT_COUNT - 1}`);
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

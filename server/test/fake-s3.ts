import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/**
 * A small stand-in for an S3-compatible service (path-style, as MinIO is addressed): PutObject,
 * GetObject, DeleteObject, ListObjectsV2 (with LastModified) and DeleteObjects, enough for the real
 * AWS SDK to talk to.
 */
export async function fakeS3(bucket: string) {
  const objects = new Map<string, { body: Buffer; contentType: string; modifiedAt: Date }>();
  const xml = (res: http.ServerResponse, status: number, body: string) =>
    res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const server = http.createServer((req, res) => void handle(req, res));
  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (bucketName !== bucket) return xml(res, 404, '<Error><Code>NoSuchBucket</Code></Error>');
    if (req.method === 'PUT' && key) {
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream'), modifiedAt: new Date() });
      return res.writeHead(200, { etag: '"1"' }).end();
    }
    if (req.method === 'GET' && key) {
      const object = objects.get(key);
      if (!object) return xml(res, 404, `<Error><Code>NoSuchKey</Code><Key>${escape(key)}</Key></Error>`);
      return res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length }).end(object.body);
    }
    if (req.method === 'DELETE' && key) {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const contents = keys
        .map(
          (k) =>
            `<Contents><Key>${escape(k)}</Key><LastModified>${objects.get(k)!.modifiedAt.toISOString()}</LastModified><Size>1</Size></Contents>`,
        )
        .join('');
      return xml(
        res,
        200,
        `<ListBucketResult><Name>${bucket}</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
      );
    }
    if (req.method === 'POST' && url.searchParams.has('delete')) {
      for (const match of body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)) {
        objects.delete(match[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
      }
      return xml(res, 200, '<DeleteResult></DeleteResult>');
    }
    return xml(res, 400, '<Error><Code>NotImplemented</Code></Error>');
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, objects };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { build } from './helpers';

/** A raw request over a real socket (inject skips Node's HTTP parser, where these errors happen). */
function request(port: number, headers: Record<string, string>): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/api/health', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requests the HTTP parser refuses', () => {
  it('a 20,000-character header answers 431 in the error envelope', async () => {
    const { app } = await build();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const res = await request(port, { 'x-padding': 'a'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'payload_too_large', message: expect.any(String) } });
    // An ordinary request on a new connection is unaffected.
    expect((await request(port, {})).status).toBe(200);
  });
});

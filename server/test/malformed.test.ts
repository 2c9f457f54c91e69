import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIn } from './helpers';
import { buildWithFiles } from './poop-helpers';
import { isErrorEnvelope } from './error-envelope';

describe('malformed bodies and URLs answer 4xx in the envelope', () => {
  it('multipart with no boundary, truncated, or garbage is a 4xx, signed in or not', async () => {
    const { app } = await buildWithFiles();
    const { cookie } = await signIn(app);
    const truncated = [
      '--plop',
      'Content-Disposition: form-data; name="avatar"; filename="a.jpg"',
      'Content-Type: image/jpeg',
      '',
      'abc',
    ].join('\r\n');
    const cases = [
      { contentType: 'multipart/form-data', payload: 'whatever' },
      { contentType: 'multipart/form-data; boundary=plop', payload: truncated },
      { contentType: 'multipart/form-data; boundary=plop', payload: '--plop\r\nnonsense' },
      { contentType: 'multipart/form-data; boundary=', payload: '--\r\n' },
    ];
    for (const url of ['/api/me/avatar', `/api/poops/${randomUUID()}`]) {
      for (const c of cases) {
        for (const headers of [{ cookie }, {}]) {
          const res = await app.inject({ method: 'PUT', url, headers: { ...headers, 'content-type': c.contentType }, payload: c.payload });
          expect(res.statusCode, `${url} ${c.contentType} ${JSON.stringify(c.payload)}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json()).toSatisfy(isErrorEnvelope);
        }
      }
    }
  });

  it("Fastify's router errors use the envelope: bad URL encoding 400, over-long params 414", async () => {
    const { app } = await buildWithFiles();
    const bad = await app.inject({ method: 'GET', url: '/api/poops/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toSatisfy(isErrorEnvelope);
    const long = await app.inject({ method: 'GET', url: `/api/poops/${'a'.repeat(500)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toSatisfy(isErrorEnvelope);
  });
});

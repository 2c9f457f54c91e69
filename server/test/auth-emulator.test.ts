import { describe, expect, it } from 'vitest';
import { build } from './helpers';

const HANDLER = '/api/auth-emulator/handler?apiKey=demo-api-key&appName=%5BDEFAULT%5D&authType=signInViaRedirect&providerId=google.com';

describe('GET /api/auth-emulator/handler', () => {
  it("serves the emulator's fake sign-in page on our origin, without our CSP", async () => {
    const { app } = await build();
    const res = await app.inject({ method: 'GET', url: HANDLER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Add new account');
  });

  it('does not exist without the emulator', async () => {
    const { app } = await build({ FIREBASE_AUTH_EMULATOR_HOST: '' });
    const res = await app.inject({ method: 'GET', url: HANDLER });
    expect(res.statusCode).toBe(404);
  });
});

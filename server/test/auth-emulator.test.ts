import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { build, signInWithGoogleOnEmulator } from './helpers';

const HANDLER = '/api/auth-emulator/handler?apiKey=demo-api-key&appName=%5BDEFAULT%5D&authType=signInViaRedirect&providerId=google.com';

describe('GET /api/auth-emulator/handler', () => {
  it("serves the emulator's fake sign-in page on our origin, under a CSP that runs only its own script", async () => {
    const { app } = await build();
    const res = await app.inject({ method: 'GET', url: HANDLER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).not.toMatch(/unsafe-inline[^;]*;.*script|script-src[^;]*unsafe/);
    expect(csp).toContain("connect-src 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Add new account');
  });

  it('a hostile display name is rendered but cannot run: its markup matches no allowed script', async () => {
    const { app } = await build();
    const hostile = `<img src=x onerror="document.title='pwned'"><script>document.title='pwned2'</script>`;
    await signInWithGoogleOnEmulator(hostile);
    const res = await app.inject({ method: 'GET', url: HANDLER });
    expect(res.body).toContain(hostile);
    const csp = String(res.headers['content-security-policy']);
    const allowed = [...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => createHash('sha256').update(m[1]!).digest('base64'));
    // The page's own script is allowed; the injected one is not.
    expect(inline.filter((h) => allowed.includes(h))).toHaveLength(1);
    expect(inline.filter((h) => !allowed.includes(h))).toHaveLength(1);
  });

  it('does not exist without the emulator', async () => {
    const { app } = await build({ FIREBASE_AUTH_EMULATOR_HOST: '' });
    const res = await app.inject({ method: 'GET', url: HANDLER });
    expect(res.statusCode).toBe(404);
  });
});

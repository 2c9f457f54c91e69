import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { build, signIn } from './helpers';
import { isErrorEnvelope } from './error-envelope';

/** What one first visit downloads besides the page: about what the service worker precaches. */
const PRECACHED_FILES = 78;
const ADDRESS = '203.0.113.7';

/** A built app on disk with as many files as the real build precaches. */
function builtApp(): { root: string; files: string[] } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-visits-'));
  onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(root, 'assets'));
  const files = ['sw.js', 'manifest.webmanifest'];
  for (let i = files.length; i < PRECACHED_FILES; i++) files.push(`assets/chunk-${i}.js`);
  for (const file of files) fs.writeFileSync(path.join(root, file), `// ${file}\n`);
  const scripts = files
    .filter((f) => f.endsWith('.js') && f !== 'sw.js')
    .map((f) => `<script type="module" src="/${f}"></script>`)
    .join('');
  fs.writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html><head><title>Plop</title>${scripts}</head><body><div id="root"></div></body></html>`,
  );
  return { root, files };
}

describe('rate limit scopes', () => {
  it(
    '20 first visits from one address load every file and the page; 601 anonymous API calls from it get 429',
    { timeout: 120_000 },
    async () => {
      const { root, files } = builtApp();
      const { app } = await build({ STATIC_DIR: root });
      // Signed in elsewhere (its sign-in is not counted against the address below).
      const member = await signIn(app);

      for (let visit = 0; visit < 20; visit++) {
        const page = await app.inject({ method: 'GET', url: '/', remoteAddress: ADDRESS, headers: { 'sec-fetch-dest': 'document' } });
        expect(page.statusCode, `visit ${visit}: the page`).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('<div id="root">');
        for (const file of files) {
          const res = await app.inject({ method: 'GET', url: `/${file}`, remoteAddress: ADDRESS });
          expect(res.statusCode, `visit ${visit}: ${file}`).toBe(200);
        }
      }

      const statuses: number[] = [];
      for (let i = 0; i < 601; i++) {
        statuses.push((await app.inject({ method: 'GET', url: '/api/config', remoteAddress: ADDRESS })).statusCode);
      }
      expect(statuses.slice(0, 600).every((s) => s === 200)).toBe(true);
      expect(statuses[600]).toBe(429);
      // The limited address still gets the app's page and files.
      expect((await app.inject({ method: 'GET', url: '/', remoteAddress: ADDRESS })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/${files[5]}`, remoteAddress: ADDRESS })).statusCode).toBe(200);
      // A signed-in person behind the same address is counted on their own.
      const signedIn = await app.inject({ method: 'GET', url: '/api/me', remoteAddress: ADDRESS, headers: { cookie: member.cookie } });
      expect(signedIn.statusCode).toBe(200);
    },
  );

  it('the API limit is per signed-in user: one user over it does not stop another on the same address', async () => {
    const { app } = await build({ RATE_LIMIT_MAX: '5' });
    const a = await signIn(app);
    const b = await signIn(app);
    const call = (cookie: string) => app.inject({ method: 'GET', url: '/api/me', remoteAddress: ADDRESS, headers: { cookie } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(a.cookie)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await call(a.cookie);
    expect(limited.json()).toSatisfy(isErrorEnvelope);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await call(b.cookie)).statusCode).toBe(200);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../core/api-paths';
import { build, signIn } from './helpers';

/** The scripts the build writes into the page (Vite's module entry and modulepreload links): files only, none inline. */
const BUILT_SCRIPTS =
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">';
/** The app's own index.html with its skeleton in #root, its scripts as the build writes them. */
const INDEX_HTML = fs
  .readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8')
  .replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '')
  .replace('</head>', `${BUILT_SCRIPTS}</head>`);
/** What the skeleton shows (index.html): the app's top bar, before any script has run. */
const SKELETON = 'aria-label="Loading Plop"';
/** What the build writes (vite.config.ts prerenderLanding): index.html with the landing in #root. */
const LANDING_HTML =
  `<!doctype html><html><head><title>Plop</title>${BUILT_SCRIPTS}` +
  '<style data-emotion="landing-global x">:root{--mui-palette-mode:light}</style></head>' +
  '<body><div id="root"><main><h2>Sign in or sign up</h2></main></div></body></html>';
const PRERENDERED = 'Sign in or sign up';

/** The same page as the build renders it in Italian (landing-it.html). */
const LANDING_HTML_IT = LANDING_HTML.replace('<html>', '<html lang="it">').replace(PRERENDERED, 'Accedi o registrati');

/** The service worker as vite-plugin-pwa writes it: after the build's own files are compressed, so with no .br beside it. */
const WORKER_JS = `self.__WB_MANIFEST = [${'{"url":"assets/index-abc.js","revision":null},'.repeat(40)}];`;

const NAVIGATION = { 'sec-fetch-dest': 'document', 'accept-encoding': 'identity' };

/** A built app on disk, as `npm run build` leaves it (only what serving the pages needs). */
function builtApp({ landing }: { landing: boolean }): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-static-'));
  onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'import "./vendor-abc.js";');
  fs.writeFileSync(path.join(root, 'sw.js'), WORKER_JS);
  if (landing) {
    fs.writeFileSync(path.join(root, 'landing.html'), LANDING_HTML);
    fs.writeFileSync(path.join(root, 'landing.html.br'), zlib.brotliCompressSync(LANDING_HTML));
    fs.writeFileSync(path.join(root, 'landing.html.gz'), zlib.gzipSync(LANDING_HTML));
    fs.writeFileSync(path.join(root, 'landing-it.html'), LANDING_HTML_IT);
  }
  return root;
}

describe('the built app', () => {
  it('answers GET / with the prerendered landing, with the public config and the page headers', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });

    for (const url of ['/', '/?utm_source=home-screen']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      expect(res.body).toContain(PRERENDERED);
      expect(res.body).toContain(`<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">`);
    }
  });

  it('sends every page with no inline script, under a CSP that allows none', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });
    const { cookie } = await signIn(app);

    for (const [url, headers] of [
      ['/', NAVIGATION],
      ['/root', NAVIGATION],
      ['/root', { ...NAVIGATION, cookie }],
    ] as const) {
      const res = await app.inject({ url, headers });
      const csp = String(res.headers['content-security-policy']);
      expect(/script-src ([^;]*)/.exec(csp)?.[1], url).toBe("'self' https://apis.google.com");
      // Files of the build, and data blocks (JSON, which no browser runs): no script runs from the page itself.
      expect(res.body.match(/<script(?![^>]*(?:type="application\/json"|\ssrc=))[^>]*>/g), url).toBeNull();
      expect(res.body, url).toContain(BUILT_SCRIPTS);
    }
  });

  it('sends the landing compressed once at start-up, as the other pages', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });

    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie, Sec-Fetch-Dest');
    const html = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain(PRERENDERED);
    expect(html).toContain(PUBLIC_CONFIG_ELEMENT_ID);

    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(html);
  });

  it("sends a visitor the landing in their browser's language, English when it speaks neither", async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });

    for (const [accept, expected] of [
      ['it-IT,it;q=0.9,en;q=0.8', 'Accedi o registrati'],
      ['en-GB,it;q=0.5', PRERENDERED],
      ['de-DE,fr;q=0.9', PRERENDERED],
      [undefined, PRERENDERED],
    ] as const) {
      const res = await app.inject({ url: '/', headers: { ...NAVIGATION, ...(accept && { 'accept-language': accept }) } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.body, accept).toContain(expected);
      expect(res.body, accept).toContain(PUBLIC_CONFIG_ELEMENT_ID);
    }
    // The Italian copy is never a file of its own.
    expect((await app.inject({ url: '/landing-it.html' })).body).not.toContain('Accedi o registrati');
  });

  it('sends the service worker compressed, revalidated on every visit', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });

    const br = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.rawPayload.length).toBeLessThan(WORKER_JS.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(WORKER_JS);

    const plain = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(WORKER_JS);
  });

  it('a signed-in navigation to / gets the app itself, which says "You are signed in", not the prerendered visitor landing', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });
    const { cookie } = await signIn(app);
    const navigation = { 'sec-fetch-dest': 'document', 'accept-encoding': 'identity' };
    const signedIn = await app.inject({ url: '/', headers: { ...navigation, cookie } });
    expect(signedIn.body).toContain(SKELETON);
    expect(signedIn.body).not.toContain(PRERENDERED);
    const visitor = await app.inject({ url: '/', headers: navigation });
    expect(visitor.body).toContain(PRERENDERED);
  });

  it("keeps index.html, with the app's skeleton in #root, for every other page of the app", async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });

    for (const url of ['/root', '/root/settings?tab=1', '/onboard', '/index.html']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain(SKELETON);
      expect(res.body, url).not.toContain(PRERENDERED);
    }
  });

  it('does not serve the landing file under its own name', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });

    for (const url of ['/landing.html', '/landing.html.br', '/landing.html.gz']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await app.inject({ url: '/assets/index-abc.js' })).statusCode).toBe(200);
  });

  it('answers GET / with index.html when the build has no prerendered landing', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: false }) });

    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SKELETON);
    expect(res.body).toContain(PUBLIC_CONFIG_ELEMENT_ID);
  });
});

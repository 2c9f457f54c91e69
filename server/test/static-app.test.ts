import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createHash } from 'node:crypto';
import { PAGE_FEED_ELEMENT_ID, PUBLIC_CONFIG_ELEMENT_ID } from '../../core/api-paths';
import { PAGE_SCRIPTS_ELEMENT_ID } from '../plugins/page-scripts';
import { build, signIn } from './helpers';

const INDEX_HTML =
  '<!doctype html><html><head><title>Plop</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
/** What the build writes (vite.config.ts prerenderLanding): index.html with the landing in #root. */
const LANDING_HTML =
  '<!doctype html><html><head><title>Plop</title><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<style>.plop-prerender-dark{display:none}</style></head>' +
  '<body><div id="root"><div class="plop-prerender"><main><h2>Sign in or sign up</h2></main></div></div></body></html>';
const PRERENDERED = 'Sign in or sign up';

/** A stand-in for the built renderer (dist/ssr/app-page.mjs, src/prerender/app-page.tsx): what it was given, as markup. */
const SCREEN_RENDERER =
  'export async function renderFeedScreen({ user, feed }) { return `<main>For you of ${user.uid}: ${feed.poops.length} posts</main>`; }';
const FAILING_RENDERER = "export async function renderFeedScreen() { throw new Error('render failed'); }";
const NAVIGATION = { 'sec-fetch-dest': 'document', 'accept-encoding': 'identity' };

/** A page's JSON data block, parsed; undefined when the page has none. */
function dataBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

/** The page's inline scripts (not its data blocks), each with whether the page's CSP allows it by its hash. */
function inlineScripts(html: string, csp: string): { text: string; allowed: boolean }[] {
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  return [...html.matchAll(/<script>([^]*?)<\/script>/g)].map(([, text]) => {
    const hash = `'sha256-${createHash('sha256').update(text!).digest('base64')}'`;
    return { text: text!, allowed: scriptSrc.split(' ').includes(hash) };
  });
}

/** A built app on disk, as `npm run build` leaves it (only what serving the pages needs). */
function builtApp({ landing, renderer }: { landing: boolean; renderer?: string }): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-static-'));
  onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'export {};');
  if (landing) {
    fs.writeFileSync(path.join(root, 'landing.html'), LANDING_HTML);
    fs.writeFileSync(path.join(root, 'landing.html.br'), zlib.brotliCompressSync(LANDING_HTML));
    fs.writeFileSync(path.join(root, 'landing.html.gz'), zlib.gzipSync(LANDING_HTML));
  }
  if (renderer !== undefined) {
    fs.mkdirSync(path.join(root, 'ssr'));
    fs.writeFileSync(path.join(root, 'ssr', 'app-page.mjs'), renderer);
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

  it('gives the painted landing its scripts through the loader, which starts them after the first paint and which the CSP allows', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });

    const res = await app.inject({ url: '/', headers: NAVIGATION });
    expect(res.body).not.toContain('<script type="module"');
    expect(dataBlock(res.body, PAGE_SCRIPTS_ELEMENT_ID)).toEqual({ entries: ['/assets/index-abc.js'], preload: [] });
    const scripts = inlineScripts(res.body, String(res.headers['content-security-policy']));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.text).toContain("'first-contentful-paint'");
    expect(scripts[0]!.allowed).toBe(true);
    // The CSP allows that one script, and no inline script in general.
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('sends the landing compressed once at start-up, as the other pages', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });

    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding, Cookie, Sec-Fetch-Dest');
    const html = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain(PRERENDERED);
    expect(html).toContain(PUBLIC_CONFIG_ELEMENT_ID);

    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(html);
  });

  it('a signed-in navigation to / gets the app itself, which says "You are signed in", not the prerendered visitor landing', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });
    const { cookie } = await signIn(app);
    const navigation = { 'sec-fetch-dest': 'document', 'accept-encoding': 'identity' };
    const signedIn = await app.inject({ url: '/', headers: { ...navigation, cookie } });
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.body).not.toContain(PRERENDERED);
    const visitor = await app.inject({ url: '/', headers: navigation });
    expect(visitor.body).toContain(PRERENDERED);
  });

  it('keeps index.html, with an empty #root, for every other page of the app', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true }) });

    for (const url of ['/root', '/root/settings?tab=1', '/onboard', '/index.html']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<div id="root"></div>');
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
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain(PUBLIC_CONFIG_ELEMENT_ID);
  });

  it('a signed-in navigation to /root gets the feed screen rendered (inert), its posts as data, and the scripts behind it', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true, renderer: SCREEN_RENDERER }) });
    const { cookie, user } = await signIn(app);

    const res = await app.inject({ url: '/root', headers: { ...NAVIGATION, cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain(`<div id="root"><div class="plop-prerender" inert><main>For you of ${user.uid}: 0 posts</main></div></div>`);
    expect(dataBlock(res.body, PAGE_FEED_ELEMENT_ID)).toEqual({ poops: [], nextCursor: null });
    expect(res.body).not.toContain('<script type="module"');
    expect(dataBlock(res.body, PAGE_SCRIPTS_ELEMENT_ID)).toEqual({ entries: ['/assets/index-abc.js'], preload: [] });
    expect(inlineScripts(res.body, String(res.headers['content-security-policy'])).map((script) => script.allowed)).toEqual([true]);

    // Every other page (and the same page for a visitor) is the app's HTML, its scripts first.
    for (const [url, headers] of [
      ['/root/account', { ...NAVIGATION, cookie }],
      ['/root', NAVIGATION],
    ] as const) {
      const other = await app.inject({ url, headers });
      expect(other.body, url).toContain('<div id="root"></div>');
      expect(dataBlock(other.body, PAGE_FEED_ELEMENT_ID), url).toBeUndefined();
      expect(other.body, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
      expect(dataBlock(other.body, PAGE_SCRIPTS_ELEMENT_ID), url).toBeUndefined();
    }
  });

  it('sends the page without the feed screen when it cannot be rendered', async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true, renderer: FAILING_RENDERER }) });
    const { cookie } = await signIn(app);

    const res = await app.inject({ url: '/root', headers: { ...NAVIGATION, cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(dataBlock(res.body, PAGE_FEED_ELEMENT_ID)).toBeUndefined();
  });

  it("never serves the server's renderer", async () => {
    const { app } = await build({ STATIC_DIR: builtApp({ landing: true, renderer: SCREEN_RENDERER }) });

    expect((await app.inject({ url: '/ssr/app-page.mjs' })).statusCode).toBe(404);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_SESSION_ELEMENT_ID } from '../../core/api-paths';
import { build, signIn } from './helpers';

/** A built app of one page, enough for the server to serve it as it serves dist/. */
function staticDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-static-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Plop</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/** The page's session data block, parsed; undefined when the page has none. */
function sessionBlock(html: string): { user: { uid: string; username: string } | null } | undefined {
  const match = new RegExp(`<script type="application/json" id="${PAGE_SESSION_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as { user: { uid: string; username: string } | null }) : undefined;
}

const navigation = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

describe('the page says who is signed in', () => {
  it('a navigation with a session gets the user record in the page, kept by no cache', async () => {
    const { app } = await build({ STATIC_DIR: staticDir() });
    const { cookie, user } = await signIn(app);
    const res = await app.inject({ method: 'GET', url: '/root', headers: { ...navigation, cookie } });
    expect(res.statusCode).toBe(200);
    expect(sessionBlock(res.body)?.user).toMatchObject({ uid: user.uid, username: user.username });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('Cookie');
  });

  it('a navigation without a session, or with one that ended, is told nobody is signed in', async () => {
    const { app } = await build({ STATIC_DIR: staticDir() });
    const anonymous = await app.inject({ method: 'GET', url: '/', headers: navigation });
    expect(sessionBlock(anonymous.body)).toEqual({ user: null });
    const { cookie } = await signIn(app);
    await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie } });
    const ended = await app.inject({ method: 'GET', url: '/root', headers: { ...navigation, cookie } });
    expect(sessionBlock(ended.body)).toEqual({ user: null });
    expect(ended.headers['cache-control']).toBe('no-cache');
  });

  it('the service worker precache (index.html, not a navigation) never carries a user', async () => {
    const { app } = await build({ STATIC_DIR: staticDir() });
    const { cookie } = await signIn(app);
    const precache = await app.inject({ method: 'GET', url: '/index.html', headers: { cookie, 'sec-fetch-dest': 'empty' } });
    expect(precache.statusCode).toBe(200);
    expect(sessionBlock(precache.body)).toBeUndefined();
    const named = await app.inject({ method: 'GET', url: '/index.html', headers: { ...navigation, cookie } });
    expect(sessionBlock(named.body)).toBeUndefined();
    const fetched = await app.inject({ method: 'GET', url: '/root', headers: { cookie } });
    expect(sessionBlock(fetched.body)).toBeUndefined();
  });

  it('the personal page is compressed like the others', async () => {
    const { app } = await build({ STATIC_DIR: staticDir() });
    const { cookie, user } = await signIn(app);
    const res = await app.inject({ method: 'GET', url: '/root', headers: { ...navigation, cookie, 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = (await import('node:zlib')).gunzipSync(res.rawPayload).toString('utf8');
    expect(sessionBlock(html)?.user?.uid).toBe(user.uid);
  });
});

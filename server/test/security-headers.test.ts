import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { build, signUpOnEmulator } from './helpers';
import { call, apiRoutes, ROUTE_MATRIX } from './route-matrix';
import { buildWorld, ROLES, rowCounts, type Caller } from './route-world';
import { isErrorEnvelope } from './error-envelope';

/**
 * What a browser is told to protect the app with, as it is served behind a TLS proxy: the app
 * is reached over plain HTTP (inject) while PUBLIC_URL says https. Then the refusal of
 * cross-site state changes, generated from the route table.
 */

/** A built app with one page: enough for the page headers (the real pages are tested in static-app.test.ts). */
function builtApp(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-headers-'));
  onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>Plop</title></head><body><div id="root"></div></body></html>',
  );
  return root;
}

/** The Set-Cookie line of the session cookie, its attributes lower-cased by name. */
async function sessionCookie(publicUrl: string) {
  const { app } = await build({ PUBLIC_URL: publicUrl });
  const account = await signUpOnEmulator();
  const res = await app.inject({ method: 'POST', url: '/api/session', payload: { idToken: account.idToken } });
  expect(res.statusCode).toBe(200);
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  expect(lines).toHaveLength(1);
  const [nameValue, ...attributes] = lines[0]!.split(';').map((part) => part.trim());
  const attrs = new Map(attributes.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=')[1] ?? '']));
  return { name: nameValue!.split('=')[0]!, attrs };
}

describe('behind an HTTPS PUBLIC_URL', () => {
  it('pages carry the CSP (frame-ancestors none), nosniff and frame options; API answers carry nosniff', async () => {
    const { app } = await build({ PUBLIC_URL: 'https://plop.example', STATIC_DIR: builtApp() });
    const page = await app.inject({ method: 'GET', url: '/', headers: { 'sec-fetch-dest': 'document' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toContain('max-age=');
    for (const url of ['/api/config', '/api/me', '/api/no-such-route']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('the session cookie is __Host-, Secure, HttpOnly, SameSite, on / and without a Domain', async () => {
    const { name, attrs } = await sessionCookie('https://plop.example');
    expect(name).toBe('__Host-plop_session');
    expect(attrs.has('secure')).toBe(true);
    expect(attrs.has('httponly')).toBe(true);
    expect(['lax', 'strict']).toContain(attrs.get('samesite')?.toLowerCase());
    expect(attrs.get('path')).toBe('/');
    expect(attrs.has('domain')).toBe(false);
  });
});

describe('behind an HTTP PUBLIC_URL (development)', () => {
  it('the session cookie is HttpOnly and SameSite but not Secure (a browser would drop it), so not __Host- either', async () => {
    const { name, attrs } = await sessionCookie('http://localhost:4400');
    expect(name).toBe('plop_session');
    expect(attrs.has('secure')).toBe(false);
    expect(attrs.has('httponly')).toBe(true);
    expect(['lax', 'strict']).toContain(attrs.get('samesite')?.toLowerCase());
  });
});

/** How a browser marks a request from another site: any one of these is enough to refuse it. */
const CROSS_SITE: Array<[string, Record<string, string>]> = [
  ['Origin of another site', { origin: 'https://evil.example' }],
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['both, as a browser sends them', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['Origin: null (a sandboxed frame)', { origin: 'null' }],
  ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
];

describe('cross-site state changes, for every state-changing route of the route table', () => {
  it('are refused with 403 cross_site_request in the envelope and write nothing, with a session that could make them', async () => {
    const world = await buildWorld({ PUBLIC_URL: 'https://plop.example' });
    const problems: string[] = [];
    let checked = 0;
    for (const key of apiRoutes(world)) {
      const [method, url] = key.split(' ') as [string, string];
      if (['GET', 'HEAD', 'OPTIONS'].includes(method)) continue;
      const access = ROUTE_MATRIX[key];
      // The authorization matrix fails for a route without an entry.
      if (!access) continue;
      // A caller the route lets through when the request is same-site, so only the origin check can stop it.
      const role = ROLES.find((r) => access.expect[r] < 300 && r !== 'anonymous') ?? 'owner';
      for (const [what, headers] of CROSS_SITE) {
        const caller: Caller = access.fresh === 'caller' ? await world.freshCaller(role) : world.callers[role];
        const targetId = access.target
          ? access.fresh === 'target'
            ? await world.fresh(access.target)
            : ((world.targets as Record<string, string>)[access.target] ?? (await world.fresh(access.target)))
          : undefined;
        const before = await rowCounts(world);
        const filesBefore = world.files().join('\n');
        const res = await call(world, method, url, caller, { ...access, request: withHeaders(access.request, headers) }, targetId);
        checked++;
        const where = `${key} as ${role}, ${what}`;
        if (res.statusCode !== 403 || res.json<{ error?: { code: string } }>().error?.code !== 'cross_site_request') {
          problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          continue;
        }
        expect(res.json()).toSatisfy(isErrorEnvelope);
        const after = await rowCounts(world);
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        if (changed.length > 0) problems.push(`${where}: rows changed in ${changed.join(', ')}`);
        if (world.files().join('\n') !== filesBefore) problems.push(`${where}: files changed`);
        if (access.intact && targetId && !(await access.intact(world, targetId))) problems.push(`${where}: its target changed`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    // The same kind of call from the app's own origin goes through: the refusals above are the origin check's.
    const own = await world.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: world.callers.owner.cookie!, origin: 'https://plop.example', 'sec-fetch-site': 'same-origin' },
      payload: { alwaysView: true },
    });
    expect(own.statusCode).toBe(200);
  }, 300_000);
});

type RequestOf = (typeof ROUTE_MATRIX)[string]['request'];

/** The entry's request with the browser's cross-site headers added. */
function withHeaders(request: RequestOf, headers: Record<string, string>): NonNullable<RequestOf> {
  return async (world, caller) => {
    const parts = (await request?.(world, caller)) ?? {};
    return { ...parts, headers: { ...parts.headers, ...headers } };
  };
}

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig } from '../config';

describe('emulator mode listens on loopback only', () => {
  it('refuses a HOST that is not loopback while the Auth emulator is in use, naming the fix', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'plop.example']) {
      expect(() => loadConfig({ HOST: host })).toThrow(/loopback.*real Firebase project/s);
      expect(() => loadConfig({ HOST: host, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'x' })).toThrow(/loopback/);
    }
    for (const host of ['127.0.0.1', '::1', 'localhost', '127.0.0.2', '[::1]']) {
      expect(isLoopbackHost(host)).toBe(true);
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
  });

  it('a real Firebase project may listen anywhere', () => {
    const config = loadConfig({ HOST: '0.0.0.0', FIREBASE_PROJECT_ID: 'plop-prod', FIREBASE_AUTH_EMULATOR_HOST: '' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.firebase.authEmulatorHost).toBeUndefined();
  });

  it('the server process exits at start with that message', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, HOST: '0.0.0.0', PORT: '0', FIREBASE_PROJECT_ID: 'demo-plop', DATA_DIR: '/tmp/plop-never-used' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/HOST must be a loopback address/);
  });
});

describe('FEED_CACHE', () => {
  it('is on or off as set; unset, left to the database (feedCacheFor)', () => {
    expect(loadConfig({}).feedCache).toBeUndefined();
    expect(loadConfig({ FEED_CACHE: 'off' }).feedCache).toBe(false);
    expect(loadConfig({ FEED_CACHE: 'on' }).feedCache).toBe(true);
  });
});

describe('MAP_STYLE_URL', () => {
  it("is OpenFreeMap's liberty style unless set; off turns the online style off; anything else must be an http(s) URL", () => {
    expect(loadConfig({}).mapStyleUrl).toBe('https://tiles.openfreemap.org/styles/liberty');
    expect(loadConfig({ MAP_STYLE_URL: '' }).mapStyleUrl).toBe('https://tiles.openfreemap.org/styles/liberty');
    expect(loadConfig({ MAP_STYLE_URL: 'off' }).mapStyleUrl).toBeUndefined();
    expect(loadConfig({ MAP_STYLE_URL: 'https://maps.example/style.json' }).mapStyleUrl).toBe('https://maps.example/style.json');
    expect(() => loadConfig({ MAP_STYLE_URL: 'maps.example/style.json' })).toThrow(/MAP_STYLE_URL/);
    expect(() => loadConfig({ MAP_STYLE_URL: 'ftp://maps.example/style.json' })).toThrow(/MAP_STYLE_URL/);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePreloads } from '../plugins/route-preload';

/** A build manifest shaped like Vite's for our file routes (TanStack Router code splitting). */
function buildDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-manifest-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    '_Box.js': { file: 'assets/Box.js', imports: ['_react.js'] },
    'src/routes/index.tsx?tsr-split=component': { file: 'assets/landing.js', imports: ['_Box.js', 'index.html'] },
    'src/routes/root/route.tsx?tsr-split=component': { file: 'assets/shell.js', imports: ['_Box.js'] },
    'src/routes/root/index.tsx?tsr-split=component': { file: 'assets/feed.js', imports: ['_react.js'] },
    'src/routes/root/poop.$id.tsx?tsr-split=component': { file: 'assets/poop.js' },
    'src/routes/root/poop.$id.tsx?tsr-split=notFoundComponent': { file: 'assets/poop-missing.js' },
    'src/routes/root/account/followers.$uid.tsx?tsr-split=component': { file: 'assets/followers.js' },
    'src/routes/root/account/index.tsx?tsr-split=component': { file: 'assets/account.js' },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const hrefs = (tags: string) => [...tags.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe('modulepreload links for a path’s route chunks', () => {
  const preloads = routePreloads(buildDir());

  it('the feed gets its layout and its page, not what the entry already loads', () => {
    expect(hrefs(preloads('/root'))).toEqual(['/assets/shell.js', '/assets/Box.js', '/assets/feed.js']);
    expect(hrefs(preloads('/root/'))).toEqual(['/assets/shell.js', '/assets/Box.js', '/assets/feed.js']);
  });

  it('a path with an id gets its page under the layout; an index page only its own path', () => {
    expect(hrefs(preloads('/root/poop/6f1c1f5e-0000-4000-8000-000000000000'))).toEqual([
      '/assets/shell.js',
      '/assets/Box.js',
      '/assets/poop.js',
    ]);
    expect(hrefs(preloads('/root/account/followers/abc'))).toEqual(['/assets/shell.js', '/assets/Box.js', '/assets/followers.js']);
  });

  it('the landing gets its own chunk; unknown paths and builds without a manifest get nothing', () => {
    expect(hrefs(preloads('/'))).toEqual(['/assets/landing.js', '/assets/Box.js']);
    expect(preloads('/nowhere')).toBe('');
    expect(routePreloads(fs.mkdtempSync(path.join(os.tmpdir(), 'plop-nomanifest-')))('/root')).toBe('');
  });
});

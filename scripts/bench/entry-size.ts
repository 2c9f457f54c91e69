// The initial JavaScript of the built app: the entry script of dist/index.html and every
// chunk it imports statically (what the browser must fetch before the app runs), raw and gzip.
//
//   npx vite build && npx tsx scripts/bench/entry-size.ts
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { routePreloads } from '../../server/plugins/route-preload';

export interface EntrySize {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Whether every file of 1 KB or more has a .br and a .gz next to it (precompressed at build). */
  precompressed: boolean;
  names: string[];
}

const STATIC_IMPORT = /(?:^|[;}\n])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{0,2}\/[^"']+\.js)["']/g;

export function measureEntry(dist = 'dist'): EntrySize {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('dist/index.html has no module script');
  const seen = new Set<string>();
  const visit = (url: string) => {
    const file = path.join(dist, url.replace(/^\//, ''));
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      visit(path.posix.join(path.posix.dirname(url), match[1]!));
    }
  };
  visit(entry);
  let rawBytes = 0;
  let gzipBytes = 0;
  let brotliBytes = 0;
  let precompressed = true;
  for (const file of seen) {
    const bytes = fs.readFileSync(file);
    rawBytes += bytes.length;
    gzipBytes += zlib.gzipSync(bytes, { level: 9 }).length;
    brotliBytes += zlib.brotliCompressSync(bytes).length;
    if (bytes.length >= 1024 && (!fs.existsSync(`${file}.br`) || !fs.existsSync(`${file}.gz`))) precompressed = false;
  }
  return { files: seen.size, rawBytes, gzipBytes, brotliBytes, precompressed, names: [...seen].map((f) => path.basename(f)) };
}

/**
 * The route chunks the server preloads beside the entry for a path (server/plugins/route-preload.ts):
 * the code of that screen itself, which the app loads at start for it. Gzip bytes and file count.
 */
export function measureRouteChunks(pathname: string, dist = 'dist'): { files: number; gzipBytes: number } {
  const files = [...routePreloads(dist)(pathname).matchAll(/href="\/([^"]+)"/g)].map((match) => match[1]!);
  const gzipBytes = files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
  return { files: files.length, gzipBytes };
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const size = measureEntry(process.argv[2] ?? 'dist');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  process.stdout.write(
    `initial JS: ${size.files} files, ${kb(size.rawBytes)} raw, ${kb(size.gzipBytes)} gzip, ${kb(size.brotliBytes)} brotli; precompressed: ${size.precompressed}\n${size.names.join('\n')}\n`,
  );
  const landing = measureRouteChunks('/', process.argv[2] ?? 'dist');
  process.stdout.write(`the landing screen's own chunks, preloaded beside it: ${landing.files} files, ${kb(landing.gzipBytes)} gzip\n`);
}

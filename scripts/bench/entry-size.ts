// The initial JavaScript of the built app's landing: the scripts the page GET / sends
// (dist/landing.html, the prerendered landing) runs and preloads, raw and gzip.
//
//   npx vite build && npx tsx scripts/bench/entry-size.ts
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface EntrySize {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Whether every file of 1 KB or more has a .br and a .gz next to it (precompressed at build). */
  precompressed: boolean;
  names: string[];
}

/** The scripts the page runs and the modules it preloads (Vite's `<link rel="modulepreload">`). */
const PAGE_SCRIPT = /<script\b[^>]*\ssrc="([^"]+)"|<link rel="modulepreload"[^>]*\shref="([^"]+)"/g;

export function measureEntry(dist = 'dist'): EntrySize {
  const landing = path.join(dist, 'landing.html');
  const html = fs.readFileSync(fs.existsSync(landing) ? landing : path.join(dist, 'index.html'), 'utf8');
  const seen = new Set([...html.matchAll(PAGE_SCRIPT)].map((match) => path.join(dist, (match[1] ?? match[2]!).replace(/^\//, ''))));
  if (seen.size === 0) throw new Error(`${dist}'s landing page has no script`);
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

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The landing page's form code (React, MUI, the form), loaded when a visitor first uses it. */
export const LANDING_FORM = ['src/landing/hydrate.tsx'];
/** The app's page: its scripts are the shell, the feed (routes/root/ is not split off) and their libraries. */
export const APP_START = ['index.html'];

/**
 * The chunks `modules` need beyond what the page `entry` (an HTML input: 'index.html' for the app's
 * screens, 'landing.html' for the landing; none: everything they need) has loaded already, from
 * Vite's build manifest.
 */
export function measureRouteChunks(
  dist: string,
  modules: string[],
  entry?: string,
): { files: number; rawBytes: number; gzipBytes: number } {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return { files: 0, rawBytes: 0, gzipBytes: 0 };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (into.has(key) || !chunk) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  const loaded = new Set<string>();
  if (entry !== undefined) collect(entry, loaded);
  const needed = new Set<string>();
  for (const key of modules) collect(key, needed);
  const files = [...needed].filter((key) => !loaded.has(key)).map((key) => fs.readFileSync(path.join(dist, manifest[key]!.file)));
  return {
    files: files.length,
    rawBytes: files.reduce((sum, bytes) => sum + bytes.length, 0),
    gzipBytes: files.reduce((sum, bytes) => sum + zlib.gzipSync(bytes, { level: 9 }).length, 0),
  };
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const size = measureEntry(process.argv[2] ?? 'dist');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  process.stdout.write(
    `initial JS: ${size.files} files, ${kb(size.rawBytes)} raw, ${kb(size.gzipBytes)} gzip, ${kb(size.brotliBytes)} brotli; precompressed: ${size.precompressed}\n${size.names.join('\n')}\n`,
  );
  const form = measureRouteChunks(process.argv[2] ?? 'dist', LANDING_FORM, 'landing.html');
  process.stdout.write(
    `the landing form's code, loaded on first use: ${form.files} files, ${kb(form.rawBytes)} raw, ${kb(form.gzipBytes)} gzip\n`,
  );
  const app = measureRouteChunks(process.argv[2] ?? 'dist', APP_START);
  process.stdout.write(
    `the app's start (the shell, the feed, their libraries): ${app.files} files, ${kb(app.rawBytes)} raw, ${kb(app.gzipBytes)} gzip\n`,
  );
}

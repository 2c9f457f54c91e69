// Builds the PWA when its sources are newer than the last build.
import fs from 'node:fs';
import path from 'node:path';
import { runOrThrow } from './processes.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SOURCES = ['src', 'sw', 'core', 'public', 'index.html', 'landing.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.app.json'];
const STAMP = path.join(root, 'dist', '.build-stamp');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIsStale() {
  if (!fs.existsSync(STAMP)) return true;
  const built = fs.statSync(STAMP).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

export async function buildIfNeeded({ force = false } = {}) {
  if (!force && !buildIsStale()) return false;
  process.stdout.write('Building the app...\n');
  await runOrThrow(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: root });
  fs.writeFileSync(STAMP, new Date().toISOString());
  return true;
}

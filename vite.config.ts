import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { THEME_COLOR_LIGHT } from './core/constants.ts';

/**
 * Keeps the colours outside the bundle in step with core/constants.ts: fills index.html's
 * theme-color meta, and fails the build when public/manifest.webmanifest disagrees.
 */
function brandColors(): Plugin {
  return {
    name: 'plop-brand-colors',
    buildStart() {
      const manifest = JSON.parse(readFileSync('public/manifest.webmanifest', 'utf8')) as Record<string, unknown>;
      for (const key of ['theme_color', 'background_color']) {
        if (manifest[key] !== THEME_COLOR_LIGHT) {
          this.error(`public/manifest.webmanifest ${key} must be THEME_COLOR_LIGHT (${THEME_COLOR_LIGHT})`);
        }
      }
    },
    transformIndexHtml: { order: 'pre', handler: (html) => html.replaceAll('%PLOP_THEME_COLOR%', THEME_COLOR_LIGHT) },
  };
}

/** Text files worth compressing, and the size below which compression does not pay. */
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json|txt|map)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, once, at
 * the highest levels; the server (@fastify/static preCompressed) sends them as they are.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'plop-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
            entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
          );
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file) || statSync(file).size < COMPRESS_MIN_BYTES) continue;
          const bytes = readFileSync(file);
          writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

// The build carries no configuration: Firebase and the deep link come from GET /api/config
// at runtime, so one build serves every environment.
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

export default defineConfig({
  // The persisted query cache of an older version is not restored (src/main.tsx, buster).
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  plugins: [
    // The router plugin generates src/routeTree.gen.ts and must run before React's.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      // The generated tree type-checks cleanly, so it is checked like our own code.
      routeTreeFileHeader: ['/* eslint-disable */'],
    }),
    react(),
    brandColors(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // src/lib/sw-register.ts registers the worker (production only) and owns the update prompt.
      injectRegister: false,
      // We ship public/manifest.webmanifest ourselves.
      manifest: false,
      injectManifest: {
        // A classic (non-module) worker: module service workers are not supported everywhere.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Store screenshots are for install dialogs, not for running offline.
        globIgnores: ['screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  // dist/.vite/manifest.json: which chunks each route needs, for the server's modulepreload links.
  build: { manifest: true },
  server: {
    // In production the API serves the app on one origin; in dev, proxy /api to it.
    proxy: { '/api': process.env.PLOP_API_ORIGIN ?? 'http://localhost:3000' },
  },
});

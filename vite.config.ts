import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
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

type OutputChunk = Rolldown.OutputChunk;

/** V8's explicit compile hint (Chrome 136+): compile every function of the file as it streams in. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the chunks a screen runs as it starts (the entry, the route screens and what they import
 * statically) for eager compilation: Chromium then compiles them on a background thread while they
 * download, instead of each function on the main thread at its first call, in the start-up's
 * long tasks. Parts loaded later (dialogs, toasts, Firebase) stay lazily compiled.
 */
function compileHints(): Plugin {
  return {
    name: 'plop-compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own: its import analysis puts a line at the top of chunks with dynamic imports.
    generateBundle: { order: 'post', handler: (_options, bundle) => markStartUpChunks(bundle) },
  };
}

function markStartUpChunks(bundle: Rolldown.OutputBundle): void {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  const marked = new Set<OutputChunk>();
  const mark = (chunk: OutputChunk | undefined) => {
    if (!chunk || marked.has(chunk)) return;
    marked.add(chunk);
    for (const imported of chunk.imports) mark(chunks.get(imported));
  };
  for (const chunk of chunks.values()) if (chunk.isEntry || chunk.facadeModuleId?.includes('?tsr-split=component')) mark(chunk);
  for (const chunk of marked) {
    // The hint counts only as the file's first line; the source map moves down a line with the code.
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  }
}

/** The page GET / sends (server/plugins/static-app.ts): index.html with the landing already in #root. */
const LANDING_FILE = 'landing.html';
/**
 * The server's renderer of pages (src/prerender/app-page.tsx), built for Node: the server
 * imports it at start, and never serves the folder (nor does the service worker precache it).
 */
const SSR_DIR = 'ssr';

/**
 * Builds src/prerender/ for Node once the app is built, by a nested Vite SSR build (TypeScript,
 * JSX and import.meta.env as in the app; every dependency bundled in, in production mode), into
 * dist/ssr/: landing.mjs renders the landing into the built index.html, written as
 * dist/landing.html, and app-page.mjs stays for the server. Runs before precompress, which then
 * compresses the landing like the rest.
 */
function prerenderPages(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'plop-prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const serverDir = path.join(outDir, SSR_DIR);
        await build({
          configFile: false,
          root,
          publicDir: false,
          logLevel: 'warn',
          mode: 'production',
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          ssr: { noExternal: true },
          build: {
            ssr: true,
            outDir: serverDir,
            emptyOutDir: true,
            rolldownOptions: {
              input: { landing: 'src/prerender/landing.tsx', 'app-page': 'src/prerender/app-page.tsx' },
              // Libraries' "use client" directives mean nothing to a server-only bundle.
              onwarn(warning, warn) {
                if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
              },
              output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
            },
          },
        });
        const entry = pathToFileURL(path.join(serverDir, 'landing.mjs')).href;
        const { renderLandingPage } = (await import(entry)) as { renderLandingPage: (indexHtml: string) => string };
        writeFileSync(path.join(outDir, LANDING_FILE), renderLandingPage(readFileSync(path.join(outDir, 'index.html'), 'utf8')));
        rmSync(path.join(serverDir, 'landing.mjs'));
      },
    },
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
        // The server's renderer (ssr/) is read from disk by Node, never sent.
        const serverFiles = path.join(outDir, SSR_DIR) + path.sep;
        for (const file of walk(outDir).filter((name) => !name.startsWith(serverFiles))) {
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
    compileHints(),
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
        // Store screenshots are for install dialogs, not for running offline. The prerendered landing
        // is the server's first answer to GET / only: the worker answers navigations with index.html
        // (and precached, it would also answer /landing, workbox's clean URLs). ssr/ is the server's.
        globIgnores: ['screenshots/**', LANDING_FILE, `${SSR_DIR}/**`],
      },
      devOptions: { enabled: false },
    }),
    // Before precompress (order 'post'), which compresses what it writes.
    prerenderPages(),
    precompress(),
  ],
  // dist/.vite/manifest.json: which chunks each route needs, for the server's modulepreload links.
  build: {
    manifest: true,
    // The initial chunk is about 510 KB before compression; its budget (170 KB gzip) is the bench's.
    chunkSizeWarningLimit: 600,
    // Fewer, larger files: every request costs a round trip on a phone's connection, and the
    // automatic split made about 25 files for the entry and 40 for the feed's first load.
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks; the app has no entry whose exports anyone imports.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Everything the entry imports statically, in one chunk.
          groups: [{ name: 'initial', tags: ['$initial'] }],
          // Small shared chunks (under 8 KB before minifying) are copied into the chunks that use
          // them instead of being files of their own. (This turns on strictExecutionOrder.)
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: {
    // In production the API serves the app on one origin; in dev, proxy /api to it.
    proxy: { '/api': process.env.PLOP_API_ORIGIN ?? 'http://localhost:3000' },
  },
});

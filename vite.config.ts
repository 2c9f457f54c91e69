import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { linguiPlugins } from './lingui-build.ts';
import { FONT_STACK, THEME_COLOR_DARK, THEME_COLOR_LIGHT } from './core/constants.ts';
import { LANGUAGES, landingPageFile, type Language } from './core/language.ts';

/**
 * The page GET / sends a visitor (server/plugins/static-app.ts): landing.html, with the landing
 * rendered in, in English; each other language gets its own copy (core/language.ts landingPageFile).
 */
const LANDING_FILE = landingPageFile('en');

/** Where the landing's renderer is built for Node, run once, and deleted: nothing there is served. */
const PRERENDER_DIR = '.prerender';

/**
 * Renders the landing into the built landing.html once the app is built (dist/landing.html): a
 * nested Vite SSR build of src/prerender/landing.tsx for Node (TypeScript, JSX and
 * import.meta.env as in the app; every dependency bundled in, in production mode), run once and
 * deleted.
 */
function prerenderLanding(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'plop-prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const serverDir = path.join(root, 'node_modules', PRERENDER_DIR);
        await build({
          configFile: false,
          root,
          publicDir: false,
          logLevel: 'warn',
          mode: 'production',
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          ssr: { noExternal: true },
          // The landing's words are Lingui's macros and its English catalog (lingui-build.ts).
          plugins: linguiPlugins(),
          build: {
            ssr: true,
            outDir: serverDir,
            emptyOutDir: true,
            rolldownOptions: {
              input: { landing: 'src/prerender/landing.tsx' },
              // Libraries' "use client" directives mean nothing to a server-only bundle.
              onwarn(warning, warn) {
                if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
              },
              output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
            },
          },
        });
        const entry = pathToFileURL(path.join(serverDir, 'landing.mjs')).href;
        const { renderLandingPage } = (await import(entry)) as {
          renderLandingPage: (landingHtml: string, language: Language) => Promise<string>;
        };
        const template = readFileSync(path.join(outDir, LANDING_FILE), 'utf8');
        for (const language of LANGUAGES) {
          writeFileSync(path.join(outDir, landingPageFile(language)), await renderLandingPage(template, language));
        }
        rmSync(serverDir, { recursive: true, force: true });
      },
    },
  };
}

/**
 * A brotli (.br) and a gzip (.gz) copy of every text file of the bundle and of public/, at the
 * highest levels (vite-plugin-compression2); the server (@fastify/static preCompressed) sends them
 * as they are. Not the landing: it is rendered after the bundle is written (prerenderLanding), and
 * the server compresses it itself at start-up with the public config in it
 * (server/plugins/static-app.ts encodePage), as it does index.html, so no stale copy is left.
 */
const compressBuild = (): Plugin =>
  compression({
    include: /\.(js|css|html|svg|webmanifest|json|txt|map)$/,
    exclude: new RegExp(`(^|/)${LANDING_FILE.replaceAll('.', '\\.')}$`),
    threshold: 1024,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
  });

/*
 * The app's page starts from six files: our own start code in three (Rolldown's groups below) and
 * the libraries in one, not the thirty small ones automatic chunking makes of modules shared
 * between the app, its lazy routes and the landing, each a request and, on a phone, a round trip.
 * The landing must stay out of the app's files: its script, and its sign-in form when first used,
 * load only what they share with the app (e2e/landing-prerender.spec.ts checks that neither
 * fetches the app's entry or its 'app' file).
 */
/** What the landing's own script (src/landing/main.ts) shares with the app: under 2 KB. */
const LANDING_START =
  /[\\/]src[\\/](lib[\\/]when-idle|i18n[\\/]locale|features[\\/]auth[\\/](session-hint|google-redirect-intent))\.ts$|vite[\\/](preload-helper|modulepreload-polyfill)/;
/** What the landing's sign-in form (src/landing/hydrate.tsx) shares with the app: the API client, the session, the toasts, the theme, the language. */
const SHARED_WITH_SIGN_IN =
  /[\\/](core|src[\\/](api|state|lib|i18n|prerender|components[\\/]toast|features[\\/](auth|theme)))[\\/]|[\\/]src[\\/]components[\\/]PageContainer/;
/** The rest of our start code; not the app's entry (it calls startApp) nor the landing's. */
const APP_START = /[\\/]src[\\/](?!app\.ts|landing[\\/])/;

// The build carries no configuration: Firebase and the deep link come from GET /api/config
// at runtime, so one build serves every environment.
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

export default defineConfig({
  define: {
    // The persisted query cache of an older version is not restored (src/main.tsx, buster).
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(version),
    // core's colours and fonts, for the pages' %VITE_...% placeholders (Vite's HTML constant
    // replacement): the theme-color meta and the skeleton paint before any script runs.
    'import.meta.env.VITE_THEME_COLOR': JSON.stringify(THEME_COLOR_LIGHT),
    'import.meta.env.VITE_THEME_COLOR_DARK': JSON.stringify(THEME_COLOR_DARK),
    'import.meta.env.VITE_FONT_STACK': JSON.stringify(FONT_STACK),
  },
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
    // Lingui's macros become catalog lookups before React's transform sees the JSX.
    ...linguiPlugins(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // src/lib/sw-register.ts registers the worker (production only) and owns the update prompt;
      // the landing's script registers it too, when idle, so it precaches the app.
      injectRegister: false,
      // We ship public/manifest.webmanifest ourselves.
      manifest: false,
      injectManifest: {
        // A classic (non-module) worker: module service workers are not supported everywhere.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Store screenshots are for install dialogs, not for running offline. The prerendered landing
        // is the server's first answer to GET / only: the worker answers navigations with index.html
        // (and precached, it would also answer /landing, workbox's clean URLs).
        globIgnores: ['screenshots/**', ...LANGUAGES.map(landingPageFile)],
      },
      devOptions: { enabled: false },
    }),
    prerenderLanding(),
    compressBuild(),
  ],
  build: {
    // dist/.vite/manifest.json: which chunks each route needs (scripts/bench/entry-size.ts reads it).
    manifest: true,
    // The map's chunk (maplibre-gl, about 1 MB) is lazy and precached; the others are far smaller.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      // The app's page, and the page GET / sends a visitor: the landing, with a small script of its own.
      input: { index: 'index.html', landing: LANDING_FILE },
      output: {
        // The libraries the app's page runs at start (React, MUI, the router, the query cache) in one
        // file; the landing's start script uses none of them. Only modules some page runs at start
        // ('$initial') are grouped: the lazy routes keep their own files.
        codeSplitting: {
          groups: [
            { name: 'landing-start', test: LANDING_START, priority: 4 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 3 },
            { name: 'session', test: SHARED_WITH_SIGN_IN, tags: ['$initial'], priority: 2 },
            { name: 'app', test: APP_START, tags: ['$initial'], priority: 1 },
          ],
        },
        // Nearly every function of those libraries runs as the app starts: V8's explicit compile hint
        // (Chrome 136+) compiles them while the file streams in, off the main thread, instead of one by
        // one on first call. Added after minification, which would drop the comment.
        postBanner: (chunk) => (chunk.name === 'vendor' ? '//# allFunctionsCalledOnLoad\n' : ''),
      },
    },
  },
  server: {
    // In production the API serves the app on one origin; in dev, proxy /api to it.
    proxy: { '/api': process.env.PLOP_API_ORIGIN ?? 'http://localhost:3000' },
  },
});

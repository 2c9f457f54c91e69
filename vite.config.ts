import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import legacy from '@vitejs/plugin-legacy';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { FONT_STACK, THEME_COLOR_DARK, THEME_COLOR_LIGHT } from './core/constants.ts';

/**
 * Keeps the colours and fonts outside the bundle in step with core/constants.ts: fills index.html's
 * theme-color meta and its skeleton's backgrounds and font, and fails the build when public/manifest.webmanifest disagrees.
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
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replaceAll('%PLOP_THEME_COLOR_DARK%', THEME_COLOR_DARK)
          .replaceAll('%PLOP_THEME_COLOR%', THEME_COLOR_LIGHT)
          .replaceAll('%PLOP_FONT_STACK%', FONT_STACK),
    },
  };
}

/** The page GET / sends (server/plugins/static-app.ts): index.html with the landing already in #root. */
const LANDING_FILE = 'landing.html';
/** Marks index.html's preloads of the signed-in shell's files (classicScriptStart). */
const SHELL_PRELOAD_ATTRIBUTE = 'data-shell';
const SHELL_PRELOAD = new RegExp(`\\s*<link rel="preload" as="script" href="[^"]+" ${SHELL_PRELOAD_ATTRIBUTE}>`, 'g');

/** Where the landing's renderer is built for Node, run once, and deleted: nothing there is served. */
const PRERENDER_DIR = '.prerender';

/**
 * Renders the landing into the built index.html once the app is built (dist/landing.html): a
 * nested Vite SSR build of src/prerender/landing.tsx for Node (TypeScript, JSX and
 * import.meta.env as in the app; every dependency bundled in, in production mode), run once and
 * deleted. Runs before precompress, which then compresses the landing like the rest.
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
        const { renderLandingPage } = (await import(entry)) as { renderLandingPage: (indexHtml: string) => string };
        // A signed-out visitor's first page: the entry's preloads, not the signed-in shell's.
        const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8').replace(SHELL_PRELOAD, '');
        if (indexHtml.includes(SHELL_PRELOAD_ATTRIBUTE))
          this.error(`index.html has a ${SHELL_PRELOAD_ATTRIBUTE} element that is not a shell preload`);
        writeFileSync(path.join(outDir, LANDING_FILE), renderLandingPage(indexHtml));
        rmSync(serverDir, { recursive: true, force: true });
      },
    },
  };
}

/** The chunks `roots` are and statically import, transitively, leaving out those in `skip` (and what only they import). */
function staticImports(bundle: Rolldown.OutputBundle, roots: string[], skip: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const stack = [...roots]; stack.length > 0;) {
    const fileName = stack.pop()!;
    const chunk = bundle[fileName];
    if (found.has(fileName) || skip.has(fileName) || chunk?.type !== 'chunk') continue;
    found.add(fileName);
    stack.push(...chunk.imports);
  }
  return found;
}

/**
 * Every chunk of the build is a classic script (SystemJS modules, @vitejs/plugin-legacy with
 * renderModernChunks: false), because Chromium keeps V8's compiled code for the classic scripts a
 * service worker serves and uses it on the next launch, and never does for module scripts: an
 * installed app would otherwise compile again, at every launch, everything it runs (README.md,
 * "Fast where users are").
 *
 * The plugin starts the app with an inline `System.import(...)`, which the CSP refuses (no inline
 * script: `script-src 'self'`). This plugin replaces it with a file of the build that imports the
 * entry, preloads the entry's files from the head, so a first visit fetches them with the HTML, and
 * writes SystemJS's `depcache` import map (JSON, not run) from the bundle's import graph, so a
 * lazily loaded chunk's imports are fetched together with it, as Vite's module preload does for modules.
 *
 * index.html is the page of every app screen, each under the signed-in shell (the /root layout), the
 * feed first: it also preloads the shell's files, marked `data-shell`, so a first visit fetches them
 * with the entry instead of after it has run, and a launch reads them from the worker's cache at once.
 * The prerendered landing (signed-out visitors) leaves them out (prerenderLanding).
 */
function classicScriptStart(): Plugin {
  let entry: { fileName: string; imports: string[]; shell: string[]; depcache: Record<string, string[]> } | undefined;
  let base = '/';
  return {
    name: 'plop-classic-script-start',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const legacyEntry = chunks.find(
        (chunk) => chunk.isEntry && chunk.facadeModuleId === path.resolve('index.html') && chunk.fileName.includes('-legacy'),
      );
      // The classic chunks come first, in an output of their own; index.html comes with the second.
      if (legacyEntry) {
        // What the entry loads, then what every other chunk imports beyond that.
        const loaded = staticImports(bundle, [legacyEntry.fileName], new Set());
        const depcache: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const imports = chunk.imports.filter((file) => !loaded.has(file));
          if (!loaded.has(chunk.fileName) && imports.length > 0) depcache[base + chunk.fileName] = imports.map((file) => base + file);
        }
        // The shell's route chunks and what they import, beyond what the entry loads. (A route's
        // lazily loaded component may be a facade: a file that re-exports it from the shell's chunk.)
        const shellRoutes = chunks.filter((chunk) =>
          [chunk.facadeModuleId ?? '', ...chunk.moduleIds].some((id) => SIGNED_IN_SHELL_ROUTE.test(id)),
        );
        const shell = staticImports(
          bundle,
          shellRoutes.map((chunk) => chunk.fileName),
          loaded,
        );
        if (shell.size === 0) return this.error('no chunk holds the signed-in shell routes (SIGNED_IN_SHELL_ROUTE)');
        entry = {
          fileName: legacyEntry.fileName,
          imports: [...loaded].filter((file) => file !== legacyEntry.fileName),
          shell: [...shell].sort(),
          depcache,
        };
      }
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return;
      if (!entry) return this.error('no SystemJS entry chunk for index.html: is @vitejs/plugin-legacy before this plugin?');
      const inlineStart =
        `<script crossorigin id="vite-legacy-entry" data-src="${base}${entry.fileName}">` +
        `System.import(document.getElementById('vite-legacy-entry').getAttribute('data-src'))</script>`;
      const html = String(page.source);
      if (!html.includes(inlineStart)) return this.error(`index.html has no ${inlineStart}`);
      const start = this.emitFile({
        type: 'asset',
        name: 'start.js',
        source: `System.import(${JSON.stringify(base + entry.fileName)});\n`,
      });
      // No crossorigin: SystemJS adds the attribute only to scripts of another origin, and a preload
      // is used only by a request in the same mode.
      const preloads = [
        ...[entry.fileName, ...entry.imports].map((file) => `<link rel="preload" as="script" href="${base}${file}">`),
        ...entry.shell.map((file) => `<link rel="preload" as="script" href="${base}${file}" ${SHELL_PRELOAD_ATTRIBUTE}>`),
      ].join('\n    ');
      page.source = html
        .replace(
          '</head>',
          () => `  ${preloads}\n    <script type="systemjs-importmap">${JSON.stringify({ depcache: entry!.depcache })}</script>\n  </head>`,
        )
        .replace(inlineStart, () => `<script src="${base}${this.getFileName(start)}"></script>`);
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

type ModuleGraph = Rolldown.ChunkingContext;

/** The app's one entry module (index.html's script). */
const APP_ENTRY = path.resolve('src/main.tsx');
/** The signed-in shell's routes: the /root layout and the feed, what an installed app opens on. */
const SIGNED_IN_SHELL_ROUTE = /src[\\/]routes[\\/]root[\\/](route|index)\.tsx\?tsr-split/;
/** The signed-out landing's route; every other route's code is the router's to load. */
const LANDING_ROUTE = /src[\\/]routes[\\/]index\.tsx\?tsr-split/;
const ROUTE_SPLIT = '?tsr-split';

/** The modules reached from `roots` through static imports, and through the dynamic ones `follow` accepts. */
function reachable(graph: ModuleGraph, roots: string[], follow: (id: string) => boolean): Set<string> {
  const seen = new Set<string>();
  for (const stack = [...roots]; stack.length > 0;) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []).filter(follow));
  }
  return seen;
}

/** Per chunking pass (a watched build chunks again). */
const shellChunksOf = new WeakMap<ModuleGraph, Map<string, string>>();

/**
 * What the signed-in shell (the /root layout and the feed) needs beyond the entry, in two chunks, so
 * the installed app's launch loads and preloads two files for it instead of about 17 (each a request
 * to the worker, a <link rel="modulepreload"> and a module to instantiate): 'signed-in', which only
 * signed-in screens use, and 'signed-in-shared', the part a signed-out visitor may also load later
 * (a toast, a dialog). What the entry and the landing load at once stays as it was, so a visitor's
 * first page loads neither.
 */
function signedInShellChunk(id: string, graph: ModuleGraph): string | null {
  let shellChunks = shellChunksOf.get(graph);
  if (!shellChunks) {
    const visitorLater = reachable(graph, [APP_ENTRY], (target) => !target.includes(ROUTE_SPLIT) || LANDING_ROUTE.test(target));
    const everything = [...reachable(graph, [APP_ENTRY], () => true)];
    const visitorAtOnce = reachable(graph, [APP_ENTRY, ...everything.filter((module) => LANDING_ROUTE.test(module))], () => false);
    const shell = reachable(
      graph,
      everything.filter((module) => SIGNED_IN_SHELL_ROUTE.test(module)),
      () => false,
    );
    shellChunks = new Map();
    shellChunksOf.set(graph, shellChunks);
    for (const module of shell) {
      if (!visitorLater.has(module)) shellChunks.set(module, 'signed-in');
      else if (!visitorAtOnce.has(module)) shellChunks.set(module, 'signed-in-shared');
    }
  }
  return shellChunks.get(id) ?? null;
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
    // Classic scripts (classicScriptStart): chunks as SystemJS modules, for the browsers Vite's own
    // default targets (baseline widely available), so Babel leaves the code as it is and adds no polyfills.
    legacy({ renderModernChunks: false, targets: ['chrome >= 111', 'edge >= 111', 'firefox >= 114', 'safari >= 16.4'], polyfills: false }),
    classicScriptStart(),
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
        // Store screenshots are for install dialogs, not for running offline. The prerendered landing
        // is the server's first answer to GET / only: the worker answers navigations with index.html
        // (and precached, it would also answer /landing, workbox's clean URLs).
        globIgnores: ['screenshots/**', LANDING_FILE],
      },
      devOptions: { enabled: false },
    }),
    // Before precompress (order 'post'), which compresses what it writes.
    prerenderLanding(),
    precompress(),
  ],
  // dist/.vite/manifest.json: which chunks each route needs (scripts/bench/entry-size.ts reads it).
  build: {
    manifest: true,
    // Module preload is for module scripts; the classic build preloads with SystemJS's depcache.
    modulePreload: false,
    // The initial chunk is about 510 KB before compression; its budget (170 KB gzip) is the bench's.
    chunkSizeWarningLimit: 600,
    // Fewer, larger files: every request costs a round trip on a phone's connection, and the
    // automatic split made about 25 files for the entry and 40 for the feed's first load.
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks; the app has no entry whose exports anyone imports.
      preserveEntrySignatures: false,
      // @emotion/react imports hoist-non-react-statics for its side effects, which it has none of
      // (the package does not say so): only withTheme, which the app does not use, calls it.
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // Everything the entry imports statically, in one chunk.
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: signedInShellChunk, debugName: 'signed-in shell', includeDependenciesRecursively: false },
          ],
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

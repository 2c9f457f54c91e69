import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConfigResponse } from '../../core/api';
import { PAGE_SESSION_ELEMENT_ID, PUBLIC_CONFIG_ELEMENT_ID } from '../../core/api-paths';
import type { User } from '../../core/user';
import { acceptLanguageTags, LANGUAGES, landingPageFile, languageFromTags, type Language } from '../../core/language';
import { dataBlock } from './data-block';

/**
 * The service worker: vite-plugin-pwa writes it after the bundle is compressed (vite.config.ts
 * compressBuild), so the server compresses it once at start-up, as it does the pages.
 */
const WORKER_FILE = 'sw.js';

/** Files the browser must revalidate every time, so a new deploy is picked up. */
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
/**
 * The prerendered landing in each language (written by the build, vite.config.ts
 * prerenderLanding): index.html with the landing already in #landing, sent for `GET /` only, in
 * the language the browser's Accept-Language asks for, never as a file of its own (nor its .br/.gz).
 */
const LANDING_FILES = LANGUAGES.map(landingPageFile);
/** Unhashed files that rarely change (icons, screenshots): a month, refreshed in the background. */
const LONG_CACHE = 'public, max-age=2592000, stale-while-revalidate=604800';

/** Every file under `root`, as URL paths relative to it ('assets/index-abc.js'). */
function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.add(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  return files;
}

/** `html` with a JSON data block (dataBlock) before `</head>`. */
function withDataBlock(html: string, id: string, value: unknown): string {
  return html.replace('</head>', () => `${dataBlock(id, value)}</head>`);
}

/** index.html with the public config in a JSON data block, so the app starts without a round trip. */
export function withPublicConfig(html: string, config: ConfigResponse): string {
  return withDataBlock(html, PUBLIC_CONFIG_ELEMENT_ID, config);
}

/** The page with who is signed in (`null`: nobody), so the app starts without asking GET /api/me. */
export function withPageSession(html: string, user: User | null): string {
  return withDataBlock(html, PAGE_SESSION_ELEMENT_ID, { user });
}

type Encoding = 'br' | 'gzip' | 'identity';
type EncodedPage = Record<Encoding, Buffer>;

function encodePage(html: string, quality: 'best' | 'fast'): EncodedPage {
  const identity = Buffer.from(html);
  const best = quality === 'best';
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 } }),
    gzip: zlib.gzipSync(identity, { level: best ? 9 : 6 }),
  };
}

/** What the server reads for a page it sends to a browser's navigation. */
export interface PageData {
  /** Who the request's session cookie belongs to: the user record, or null for nobody. */
  session(request: FastifyRequest): Promise<User | null>;
}

/**
 * Serves the built PWA. Hashed assets are immutable; what names them is revalidated. Files
 * compressed at build (.br, .gz next to them) are sent compressed when the browser accepts it.
 * The HTML carries the public config, built and compressed once at start-up. Unknown paths fall
 * back to the HTML for the client router, except under /api/, which stays JSON. `GET /` gets the
 * prerendered landing instead (unless signed in), so its first paint needs none of the app's JS.
 */
export async function registerStaticApp(app: FastifyInstance, root: string, config: ConfigResponse, pageData?: PageData): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ root }, 'no built app found; serving the API only (run `npm run build`)');
    return;
  }
  const files = new Set([...listFiles(root)].filter((file) => !LANDING_FILES.some((landing) => file.startsWith(landing))));
  const shell = withPublicConfig(fs.readFileSync(indexFile, 'utf8'), config);
  // GET / for anyone not signed in: the landing already painted in #landing, so its first paint
  // needs none of the app's JS; in English where a language's own copy is missing.
  const readLanding = (language: Language): string | null => {
    const file = path.join(root, landingPageFile(language));
    return fs.existsSync(file) ? withPublicConfig(fs.readFileSync(file, 'utf8'), config) : null;
  };
  const englishLanding = readLanding('en') ?? shell;
  // Compressed once: the pages that say nothing of the session (what the service worker
  // precaches) and the ones that say nobody is signed in.
  const shareable = (html: string) => ({ unknown: encodePage(html, 'best'), signedOut: encodePage(withPageSession(html, null), 'best') });
  const shared = {
    shell: shareable(shell),
    landing: Object.fromEntries(LANGUAGES.map((language) => [language, shareable(readLanding(language) ?? englishLanding)])) as Record<
      Language,
      ReturnType<typeof shareable>
    >,
  };

  /**
   * Only a browser's navigation learns who is signed in (Sec-Fetch-Dest: document): never the
   * service worker's precache fetch, whose copy of the page is served to whoever uses the device.
   */
  const pageFor = async (request: FastifyRequest, relative: string): Promise<{ page: EncodedPage; personal: boolean }> => {
    if (relative === 'index.html') return { page: shared.shell.unknown, personal: false };
    const base = relative === '' ? shared.landing[languageFromTags(acceptLanguageTags(request.headers['accept-language']))] : shared.shell;
    if (!pageData || request.headers['sec-fetch-dest'] !== 'document') return { page: base.unknown, personal: false };
    const user = await pageData.session(request);
    if (!user) return { page: base.signedOut, personal: false };
    // Signed in: the app's own page (the landing says "You are signed in", which the prerender does not).
    return { page: encodePage(withPageSession(shell, user), 'fast'), personal: true };
  };

  const workerFile = path.join(root, WORKER_FILE);
  const worker = fs.existsSync(workerFile) ? encodePage(fs.readFileSync(workerFile, 'utf8'), 'best') : null;

  /** The encoding the request accepts that we have: brotli, else gzip, else none. */
  const sendEncoded = (request: FastifyRequest, reply: FastifyReply, page: EncodedPage) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding: Encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(page[encoding]);
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, relative: string) => {
    const { page, personal } = await pageFor(request, relative);
    reply
      .header('Cache-Control', personal ? 'private, no-store' : 'no-cache')
      .header('Vary', 'Accept-Encoding, Accept-Language, Cookie, Sec-Fetch-Dest')
      .type('text/html; charset=utf-8');
    return sendEncoded(request, reply, page);
  };

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: [...LANDING_FILES.map((landing) => `${landing}*`), `${WORKER_FILE}*`],
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (NO_CACHE.has(name)) {
        res.header('Cache-Control', 'no-cache');
      } else {
        res.header('Cache-Control', LONG_CACHE);
      }
    },
  });
  // Every file of the build, answered by @fastify/static; the rest is the SPA or a 404.
  app.get('/*', async (request, reply) => {
    const relative = decodeURIComponent(request.url.split('?')[0]!).replace(/^\/+/, '');
    if (relative === 'index.html') return sendPage(request, reply, relative);
    if (relative === WORKER_FILE && worker) {
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/javascript; charset=utf-8');
      return sendEncoded(request, reply, worker);
    }
    if (relative && files.has(relative) && !relative.endsWith('.br') && !relative.endsWith('.gz')) {
      return reply.sendFile(relative);
    }
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.callNotFound();
    }
    if (path.extname(relative) !== '') return reply.callNotFound();
    return sendPage(request, reply, relative);
  });
}

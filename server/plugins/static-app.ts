import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConfigResponse } from '../../core/api';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../core/api-paths';

/** Files the browser must revalidate every time, so a new deploy is picked up. */
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
/**
 * The prerendered landing (written by the build, vite.config.ts prerenderLanding): index.html with
 * the landing already in #root, sent for `GET /` only, never as a file of its own (nor its .br/.gz).
 */
const LANDING_FILE = 'landing.html';
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

/** index.html with the public config in a JSON data block, so the app starts without a round trip. */
export function withPublicConfig(html: string, config: ConfigResponse): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${json}</script></head>`);
}

type CompressedPage = Record<'identity' | 'br' | 'gzip', Buffer>;

/** An HTML page compressed once, at the highest levels, in each encoding it may be sent in. */
function compressedPage(html: string): CompressedPage {
  const identity = Buffer.from(html);
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

/** The prerendered landing with the public config, like index.html; undefined when the build has none. */
function landingPage(root: string, config: ConfigResponse): CompressedPage | undefined {
  const file = path.join(root, LANDING_FILE);
  return fs.existsSync(file) ? compressedPage(withPublicConfig(fs.readFileSync(file, 'utf8'), config)) : undefined;
}

/**
 * Serves the built PWA. Hashed assets are immutable; what names them is revalidated. Files
 * compressed at build (.br, .gz next to them) are sent compressed when the browser accepts it.
 * The HTML carries the public config, built and compressed once at start-up. Unknown paths fall
 * back to the HTML for the client router, except under /api/, which stays JSON. `GET /` gets the
 * prerendered landing instead, so its first paint needs none of the app's JS.
 */
export async function registerStaticApp(app: FastifyInstance, root: string, config: ConfigResponse): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ root }, 'no built app found; serving the API only (run `npm run build`)');
    return;
  }
  const files = new Set([...listFiles(root)].filter((file) => !file.startsWith(LANDING_FILE)));
  const page = compressedPage(withPublicConfig(fs.readFileSync(indexFile, 'utf8'), config));
  const landing = landingPage(root, config);
  const sendPage = (request: FastifyRequest, reply: FastifyReply, body = page) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(body[encoding]);
  };

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: [`${LANDING_FILE}*`],
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
    if (request.url.split('?')[0] === '/' && landing) return sendPage(request, reply, landing);
    if (relative === 'index.html') return sendPage(request, reply);
    if (relative && files.has(relative) && !relative.endsWith('.br') && !relative.endsWith('.gz')) {
      return reply.sendFile(relative);
    }
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.callNotFound();
    }
    if (path.extname(relative) !== '') return reply.callNotFound();
    return sendPage(request, reply);
  });
}

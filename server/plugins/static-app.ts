import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Files the browser must revalidate every time, so a new deploy is picked up. */
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

/**
 * Serves the built PWA. Hashed assets are immutable; everything that names them is revalidated.
 * Unknown paths fall back to index.html for the client router, except under /api/, which stays JSON.
 */
export async function registerStaticApp(app: FastifyInstance, root: string): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ root }, 'no built app found; serving the API only (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (NO_CACHE.has(name)) {
        res.header('Cache-Control', 'no-cache');
      } else {
        res.header('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  // Every existing file under root, answered by @fastify/static; the rest is the SPA or a 404.
  app.get('/*', async (request, reply) => {
    const relative = decodeURIComponent(request.url.split('?')[0]!).replace(/^\/+/, '');
    const target = path.join(root, relative);
    if (relative && target.startsWith(root + path.sep) && fs.existsSync(target) && fs.statSync(target).isFile()) {
      return reply.sendFile(relative);
    }
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.callNotFound();
    }
    if (path.extname(relative) !== '') return reply.callNotFound();
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}

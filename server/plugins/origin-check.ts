import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from '../errors';
import { SERVER_MESSAGES } from '../../core/server-messages';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Refuses state-changing requests that a browser marks as coming from another site, so the
 * session cookie cannot be ridden cross-site. Requests without Origin or Sec-Fetch-Site come
 * from non-browser clients, which cannot hold a user's cookie.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowedOrigins = new Set([new URL(publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string' && !ALLOWED_FETCH_SITES.has(fetchSite)) {
      throw new ForbiddenError(SERVER_MESSAGES.crossSite, 'cross_site_request');
    }
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origin !== 'null') {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== own && !allowedOrigins.has(origin)) {
        throw new ForbiddenError(SERVER_MESSAGES.crossSite, 'cross_site_request');
      }
    } else if (origin === 'null') {
      throw new ForbiddenError(SERVER_MESSAGES.crossSite, 'cross_site_request');
    }
  });
}

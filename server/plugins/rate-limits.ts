import { CHAT_SEND_PER_MINUTE } from '../../core/chat-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Tighter limits than the global one, per minute, on the routes that cost most or spam most. */
export const ROUTE_RATE_LIMITS: ReadonlyArray<{ method: string; url: string; max: number }> = [
  // Sign-in: per client address (there is no session yet).
  { method: 'POST', url: '/api/session', max: 20 },
  // Uploads: per signed-in user.
  { method: 'PUT', url: '/api/poops/:id', max: 30 },
  { method: 'PUT', url: '/api/me/avatar', max: 10 },
  // Comments and follows: per signed-in user.
  { method: 'POST', url: '/api/poops/:id/comments', max: 30 },
  { method: 'PUT', url: '/api/users/:uid/follow', max: 60 },
  { method: 'DELETE', url: '/api/users/:uid/follow', max: 60 },
  // Chat messages (issue 25: CHAT_SEND_PER_MINUTE in core/chat-api.ts): per signed-in user.
  { method: 'PUT', url: '/api/chat/with/:uid/messages/:messageId', max: CHAT_SEND_PER_MINUTE },
  // Real-user measures: a page load sends one report, two at most (per user, or per address).
  { method: 'POST', url: '/api/vitals', max: 30 },
];

/** Never limited: load balancers and monitors poll it. */
const EXEMPT = new Set(['/api/health']);

/**
 * Only the API counts. The app's own files and pages (one first visit is about 80 requests: the
 * service worker precaches the build) are cheap, cacheable and the same for everyone; counting
 * them let a few fresh visits from one address (a school, an office, a carrier's NAT) get 429 on
 * scripts, and then a JSON 429 instead of the page.
 */
function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/** Per user when signed in (the session is read before any route hook), else per client address. */
export function rateLimitKey(request: FastifyRequest): string {
  return request.principal ? `user:${request.principal.uid}` : `ip:${request.ip}`;
}

/**
 * One server's share of a limit when `instances` servers split the traffic: counts live in each
 * server's memory (no shared store: the global limit covers every API request, and a database
 * write per request would cost more than it protects), so each allows ceil(max / instances).
 */
export function perInstance(max: number, instances: number): number {
  return Math.max(1, Math.ceil(max / Math.max(1, instances)));
}

/** The global limit's options: per signed-in user, else per address (rateLimitKey). */
export function globalRateLimit(max: number, instances = 1) {
  return { max: perInstance(max, instances), timeWindow: '1 minute', keyGenerator: rateLimitKey };
}

/**
 * Gives the routes above their own limits and exempts health checks and everything that is not
 * the API (static files, pages). It works through the route
 * config that @fastify/rate-limit reads, so call it before that plugin is registered (its own
 * onRoute hook must see the config). Over the limit, the error handler answers 429 in the
 * envelope; the plugin adds Retry-After.
 */
export function registerRouteRateLimits(app: FastifyInstance, enabled: boolean, instances = 1): void {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (EXEMPT.has(url) || !isApi(url)) {
      route.config = { ...route.config, rateLimit: false };
      return;
    }
    if (!enabled) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const limit = ROUTE_RATE_LIMITS.find((l) => l.url === url && methods.includes(l.method as never));
    if (!limit) return;
    route.config = {
      ...route.config,
      rateLimit: { max: perInstance(limit.max, instances), timeWindow: '1 minute', keyGenerator: rateLimitKey },
    };
  });
}

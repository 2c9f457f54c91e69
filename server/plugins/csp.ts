import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The app's Content-Security-Policy: our own scripts only; Firebase Auth (or its emulator)
 * for identity; images from ourselves, data: and blob: (previews of photos being posted).
 * No upgrade-insecure-requests: locally the app and the Auth emulator speak plain http.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const firebaseHosts = ['https://*.googleapis.com', 'https://apis.google.com', `https://${config.firebase.authDomain}`];
  const emulator = config.firebase.authEmulatorHost ? [`http://${config.firebase.authEmulatorHost}`] : [];
  // A remote map style (MAP_STYLE_URL) is read, with its tiles, glyphs and sprites, from its origin.
  const mapStyle = config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // No inline script at all: every script is a file of the build.
    'script-src': ["'self'", 'https://apis.google.com'],
    // MUI (emotion) injects its styles at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...mapStyle],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...firebaseHosts, ...emulator, ...mapStyle],
    'frame-src': [`https://${config.firebase.authDomain}`, ...emulator],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** false: this route serves a page of its own (e.g. the Auth emulator's), without our page headers. */
    securityHeaders?: false;
  }
  interface FastifyContextConfig {
    securityHeaders?: false;
  }
}

/** Sent with every reply: what a JSON or image answer needs. */
const EVERY_REPLY: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};

/** The Content-Security-Policy header value, built once. */
export function contentSecurityPolicyHeader(config: Config): string {
  return Object.entries(contentSecurityPolicy(config))
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join(';');
}

/**
 * Security headers with their values built once at start-up (helmet rebuilt the CSP on every
 * request and sent ~1 KB of page headers with every JSON reply). Every reply gets nosniff,
 * CORP and the referrer policy; HTML pages also get the CSP and the page-only headers. A route
 * with `securityHeaders: false` (a page of someone else's) gets none of the page headers, and a
 * reply that set its own CSP (the API docs) keeps it.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const pageHeaders: Record<string, string> = {
    'content-security-policy': contentSecurityPolicyHeader(config),
    // Google sign-in by redirect needs the opener relation across its pages.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'origin-agent-cluster': '?1',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-frame-options': 'SAMEORIGIN',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  const withoutCsp = { ...pageHeaders };
  delete withoutCsp['content-security-policy'];
  app.addHook('onRoute', (route) => {
    if (route.securityHeaders === false) route.config = { ...route.config, securityHeaders: false };
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(EVERY_REPLY);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && request.routeOptions.config.securityHeaders !== false) {
      reply.headers(reply.hasHeader('content-security-policy') ? withoutCsp : pageHeaders);
    }
    done(null, payload);
  });
}

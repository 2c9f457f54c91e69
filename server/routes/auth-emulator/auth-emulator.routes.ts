import type { FastifyPluginAsync } from 'fastify';
import { AUTH_EMULATOR_HANDLER_PATH } from '../../../core/api';

/**
 * Local development only (the Firebase Auth emulator is on): serves the emulator's fake
 * Google sign-in page on the app's own origin. Seen from another origin, the page's answer
 * can only reach the app through Google's iframe library (apis.google.com), which neither an
 * offline machine nor a browser that partitions third-party storage gives it; on our origin
 * it leaves the answer in our sessionStorage, where the app's emulator resolver reads it
 * (src/features/auth/emulator-redirect-resolver.ts). The page is the emulator's own, with its
 * inline scripts, so our Content-Security-Policy is not applied to it.
 */
export const authEmulatorRoutes =
  (emulatorHost: string): FastifyPluginAsync =>
  async (app) => {
    app.get(AUTH_EMULATOR_HANDLER_PATH, { securityHeaders: false, schema: { hide: true } }, async (request, reply) => {
      const queryStart = request.url.indexOf('?');
      const query = queryStart === -1 ? '' : request.url.slice(queryStart);
      const upstream = await fetch(`http://${emulatorHost}/emulator/auth/handler${query}`);
      return reply
        .status(upstream.status)
        .header('Cache-Control', 'no-store')
        .type(upstream.headers.get('content-type') ?? 'text/html; charset=utf-8')
        .send(await upstream.text());
    });
  };

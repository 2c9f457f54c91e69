import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { AUTH_EMULATOR_HANDLER_PATH } from '../../../core/api';

/**
 * Local development only (the Firebase Auth emulator is on): serves the emulator's fake
 * Google sign-in page on the app's own origin. Seen from another origin, the page's answer
 * can only reach the app through Google's iframe library (apis.google.com), which neither an
 * offline machine nor a browser that partitions third-party storage gives it; on our origin
 * it leaves the answer in our sessionStorage, where the app's emulator resolver reads it
 * (src/features/auth/emulator-redirect-resolver.ts).
 *
 * The emulator writes account names into that page unescaped, and anyone can create an emulator
 * account with markup in its name. So the page runs under a strict Content-Security-Policy that
 * allows exactly the emulator's own inline script, by hash, and nothing else: no other script,
 * no event-handler attributes, no javascript: URLs, no connections, no forms, no frames. Markup
 * in a name is shown but can never act on our origin. The trusted hash is learnt from the page
 * as rendered for a random, unguessable provider id, which has no accounts and so no names.
 */
export const authEmulatorRoutes =
  (emulatorHost: string): FastifyPluginAsync =>
  async (app) => {
    let trusted: Promise<string> | undefined;
    const trustedScripts = () => {
      trusted ??= emulatorScriptHashes(emulatorHost).catch((error: unknown) => {
        trusted = undefined;
        throw error;
      });
      return trusted;
    };

    app.get(AUTH_EMULATOR_HANDLER_PATH, { securityHeaders: false, schema: { hide: true } }, async (request, reply) => {
      const queryStart = request.url.indexOf('?');
      const query = queryStart === -1 ? '' : request.url.slice(queryStart);
      const scripts = await trustedScripts();
      const upstream = await fetch(`http://${emulatorHost}/emulator/auth/handler${query}`);
      return reply
        .status(upstream.status)
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', handlerPolicy(scripts))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'no-referrer')
        .header('X-Frame-Options', 'DENY')
        .type(upstream.headers.get('content-type') ?? 'text/html; charset=utf-8')
        .send(await upstream.text());
    });
  };

/** Only the trusted inline script runs; styles may be inline (they cannot run code). */
export function handlerPolicy(scriptHashes: string): string {
  return [
    "default-src 'none'",
    `script-src ${scriptHashes}`,
    "style-src 'unsafe-inline'",
    "img-src 'none'",
    "connect-src 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The CSP sources ('sha256-...') of the inline scripts of the emulator's page with no accounts listed. */
async function emulatorScriptHashes(emulatorHost: string): Promise<string> {
  const providerId = `plop-probe-${randomBytes(16).toString('hex')}.example`;
  const res = await fetch(
    `http://${emulatorHost}/emulator/auth/handler?apiKey=probe&appName=probe&authType=signInViaRedirect&providerId=${providerId}`,
  );
  if (!res.ok) throw new Error(`the Auth emulator's sign-in page answered ${res.status}`);
  const html = await res.text();
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`,
  );
  if (hashes.length === 0) throw new Error("the Auth emulator's sign-in page has no script");
  return hashes.join(' ');
}

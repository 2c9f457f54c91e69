import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import type { SessionPrincipal, SessionService } from '../services/session.service';
import { SERVER_MESSAGES } from '../../core/server-messages';

declare module 'fastify' {
  interface FastifyRequest {
    principal: SessionPrincipal | undefined;
  }
}

export interface SessionCookieOptions {
  name: string;
  secure: boolean;
}

/** `__Host-` cookies must be Secure with Path=/, so the prefix is used only over HTTPS. */
export function sessionCookieOptions(publicUrl: string): SessionCookieOptions {
  const secure = publicUrl.startsWith('https://');
  return { name: secure ? '__Host-plop_session' : 'plop_session', secure };
}

/** Reads the session cookie of every API request into `request.principal`. */
export function registerSession(app: FastifyInstance, sessions: SessionService, cookie: SessionCookieOptions, now: () => Date): void {
  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const value = request.cookies[cookie.name];
    if (value) request.principal = await sessions.authenticate(value, now());
  });
  // Anything answered to a signed-in caller may be personal (the user record, activity,
  // notifications): no cache keeps it unless the route said otherwise (public media does).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    if ((request.principal || request.url.startsWith('/api/session')) && !reply.hasHeader('cache-control')) {
      void reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}

/** The signed-in caller, or a 401. */
export function requirePrincipal(request: FastifyRequest): SessionPrincipal {
  if (!request.principal) throw new UnauthenticatedError();
  return request.principal;
}

export function setSessionCookie(reply: FastifyReply, options: SessionCookieOptions, value: string, maxAge: number) {
  reply.setCookie(options.name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    maxAge,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions) {
  reply.clearCookie(options.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure });
}

/**
 * An onRequest hook for posting, liking, commenting and following, which need a real account
 * (spec section 6): 401 without a session, 403 `account_required` for a guest, before any body is read.
 */
export async function requireAccount(request: FastifyRequest): Promise<void> {
  if (requirePrincipal(request).anonymous) {
    throw new ForbiddenError(SERVER_MESSAGES.accountRequired, 'account_required');
  }
}

/** An onRequest hook for routes that need a session: answers 401 before any body is read. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  requirePrincipal(request);
}

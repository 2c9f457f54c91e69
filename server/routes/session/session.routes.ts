import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CreateSessionBody, ErrorBody, UserResponse } from '../../../core/api';
import { clearSessionCookie, requirePrincipal, setSessionCookie, type SessionCookieOptions } from '../../plugins/session';
import type { SessionService } from '../../services/session.service';

export const sessionRoutes =
  (sessions: SessionService, cookie: SessionCookieOptions, now: () => Date): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/session',
      {
        schema: {
          tags: ['session'],
          summary: 'Exchange a fresh Firebase ID token for a session cookie',
          body: CreateSessionBody,
          response: { 200: UserResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request, reply) => {
        const session = await sessions.create(request.body.idToken, now(), request.body.timeZone);
        setSessionCookie(reply, cookie, session.cookie, session.maxAgeSeconds);
        return { user: session.user };
      },
    );

    app.delete(
      '/api/session',
      {
        schema: {
          tags: ['session'],
          summary: 'Sign out everywhere and revoke refresh tokens',
          response: { 204: Type.Null(), 401: ErrorBody },
        },
      },
      async (request, reply) => {
        const principal = requirePrincipal(request);
        await sessions.signOut(principal.uid);
        clearSessionCookie(reply, cookie);
        return reply.status(204).send(null);
      },
    );
  };

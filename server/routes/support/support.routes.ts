import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SupportBody, SupportResponse } from '../../../core/account-api';
import { ErrorBody } from '../../../core/api';
import { requirePrincipal } from '../../plugins/session';
import type { ProfileService } from '../../services/profile.service';

export const supportRoutes =
  (profiles: ProfileService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/support',
      {
        schema: {
          tags: ['support'],
          summary: 'Send a message to support',
          body: SupportBody,
          response: { 200: SupportResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request) => {
        const { uid, email } = requirePrincipal(request);
        return profiles.contactSupport(uid, email, request.body.id, request.body.message);
      },
    );
  };

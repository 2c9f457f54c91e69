import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UpdateMeBody } from '../../../core/account-api';
import { ErrorBody, UserResponse } from '../../../core/api';
import { requirePrincipal } from '../../plugins/session';
import type { ProfileService } from '../../services/profile.service';

export const accountRoutes =
  (profiles: ProfileService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.patch(
      '/api/me',
      {
        schema: {
          tags: ['users'],
          summary: 'Change your username or settings',
          body: UpdateMeBody,
          response: { 200: UserResponse, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) => ({ user: await profiles.update(requirePrincipal(request).uid, request.body) }),
    );
  };

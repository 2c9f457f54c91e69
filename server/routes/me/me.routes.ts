import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, UserResponse } from '../../../core/api';
import { requirePrincipal } from '../../plugins/session';
import type { UserService } from '../../services/user.service';

export const meRoutes =
  (users: UserService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/me',
      { schema: { tags: ['users'], response: { 200: UserResponse, 401: ErrorBody, 404: ErrorBody } } },
      async (request) => ({ user: await users.get(requirePrincipal(request).uid) }),
    );
  };

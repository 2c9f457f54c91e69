import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { StatsResponse } from '../../../core/social-api';
import { requirePrincipal, requireSession } from '../../plugins/session';
import type { StatsService } from '../../services/stats.service';

export const statsRoutes =
  (stats: StatsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/me/stats',
      {
        onRequest: requireSession,
        schema: {
          tags: ['users'],
          summary: "The caller's posts of the last 90 days by New York day and type",
          response: { 200: StatsResponse, 401: ErrorBody },
        },
      },
      async (request) => stats.forUser(requirePrincipal(request).uid),
    );
  };

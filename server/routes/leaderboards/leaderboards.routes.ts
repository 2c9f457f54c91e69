import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LeaderboardsResponse } from '../../../core/social-api';
import type { UserDirectoryService } from '../../services/user-directory.service';

/** The streak boards (spec section 2); most liked posts are GET /api/poops/most-liked. */
export const leaderboardsRoutes =
  (users: UserDirectoryService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/leaderboards',
      {
        schema: {
          tags: ['leaderboards'],
          summary: 'Best current and best longest streaks, 50 each (a lapsed streak counts 0)',
          response: { 200: LeaderboardsResponse },
        },
      },
      async (request) => users.leaderboards(request.principal),
    );
  };

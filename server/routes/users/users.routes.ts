import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { UidParams } from '../../../core/follow-api';
import { PublicUserResponse, SearchQuery, UserListResponse, UserPageQuery, UserPageResponse } from '../../../core/social-api';
import type { AchievementService } from '../../services/achievement.service';
import type { UserDirectoryService } from '../../services/user-directory.service';

const tags = ['users'];

/** User pages, follow lists, most-followed and search: public reads, like the feed (server/README.md). */
export const usersRoutes =
  (users: UserDirectoryService, achievements?: AchievementService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/users/most-followed',
      { schema: { tags, summary: 'The 50 most followed users', response: { 200: UserListResponse } } },
      async (request) => ({ users: await users.mostFollowed(request.principal) }),
    );

    app.get(
      '/api/users/search',
      {
        schema: {
          tags,
          summary: 'Users by name: prefix matches of the lowercased, trimmed term first, then similar names',
          querystring: SearchQuery,
          response: { 200: UserListResponse, 400: ErrorBody },
        },
      },
      async (request) => ({ users: await users.search(request.query.q, request.principal) }),
    );

    app.get(
      '/api/users/:uid',
      { schema: { tags, summary: "A user's public profile", params: UidParams, response: { 200: PublicUserResponse, 404: ErrorBody } } },
      async (request) => {
        const user = await users.profile(request.params.uid, request.principal);
        return achievements ? { user, achievements: await achievements.publicFor(user.uid) } : { user };
      },
    );

    for (const side of ['followers', 'followings'] as const) {
      app.get(
        `/api/users/:uid/${side}`,
        {
          schema: {
            tags,
            summary: side === 'followers' ? 'Who follows the user, latest first' : 'Whom the user follows, latest first',
            params: UidParams,
            querystring: UserPageQuery,
            response: { 200: UserPageResponse, 400: ErrorBody, 404: ErrorBody },
          },
        },
        async (request) => users.followList(request.params.uid, side, request.query.cursor, request.principal),
      );
    }
  };

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { CommentIdParams, LikeResponse, PoopIdParams } from '../../../core/poop-api';
import { requireAccount, requirePrincipal } from '../../plugins/session';
import type { LikeService } from '../../services/like.service';

const tags = ['likes'];
const response = { 200: LikeResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Likes are PUT (like) and DELETE (unlike): naturally idempotent, so the outbox can replay them. */
export const likesRoutes =
  (likes: LikeService): FastifyPluginAsyncTypebox =>
  async (app) => {
    for (const [method, liked] of [
      ['PUT', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/api/poops/:id/like',
        onRequest: requireAccount,
        schema: { tags, summary: liked ? 'Like a post' : 'Unlike a post', params: PoopIdParams, response },
        handler: async (request) => likes.setPoopLike(request.params.id, requirePrincipal(request), liked),
      });
      app.route({
        method,
        url: '/api/comments/:id/like',
        onRequest: requireAccount,
        schema: { tags, summary: liked ? 'Like a comment' : 'Unlike a comment', params: CommentIdParams, response },
        handler: async (request) => likes.setCommentLike(request.params.id, requirePrincipal(request), liked),
      });
    }
  };

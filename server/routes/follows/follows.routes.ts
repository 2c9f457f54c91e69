import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { FollowResponse, UidParams } from '../../../core/follow-api';
import { requireAccount, requirePrincipal } from '../../plugins/session';
import type { FollowService } from '../../services/follow.service';

const onRequest = requireAccount;

const schema = {
  tags: ['follows'],
  params: UidParams,
  response: { 200: FollowResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
};

/** Follow and unfollow are PUT and DELETE, so a replayed request changes nothing twice. */
export const followRoutes =
  (follows: FollowService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.put('/api/users/:uid/follow', { onRequest, schema: { ...schema, summary: 'Follow a user' } }, async (request) =>
      follows.follow(requirePrincipal(request).uid, request.params.uid),
    );
    app.delete('/api/users/:uid/follow', { onRequest, schema: { ...schema, summary: 'Unfollow a user' } }, async (request) =>
      follows.unfollow(requirePrincipal(request).uid, request.params.uid),
    );
  };

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import { POOP_MESSAGES } from '../../../core/messages';
import {
  CommentIdParams,
  CommentPageQuery,
  CommentPageResponse,
  CommentResponse,
  CreateCommentBody,
  PoopIdParams,
} from '../../../core/poop-api';
import { fieldMessages } from '../../plugins/field-messages';
import { requireAccount, requirePrincipal, requireSession } from '../../plugins/session';
import type { CommentService } from '../../services/comment.service';

const tags = ['comments'];

export const commentsRoutes =
  (deps: { comments: CommentService; now: () => Date }): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/poops/:id/comments',
      {
        schema: {
          tags,
          summary: "A post's comments, oldest first",
          params: PoopIdParams,
          querystring: CommentPageQuery,
          response: { 200: CommentPageResponse, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => deps.comments.list(request.params.id, request.query, request.principal),
    );

    app.post(
      '/api/poops/:id/comments',
      {
        onRequest: requireAccount,
        schemaErrorFormatter: fieldMessages({
          text: POOP_MESSAGES.commentEmpty,
          '/text:minLength': POOP_MESSAGES.commentEmpty,
          '/text:maxLength': POOP_MESSAGES.commentTooLong,
        }),
        schema: {
          tags,
          summary: 'Comment under a client-generated UUID; a replay answers the stored comment',
          params: PoopIdParams,
          body: CreateCommentBody,
          response: {
            200: CommentResponse,
            201: CommentResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const { created, comment } = await deps.comments.create(request.params.id, requirePrincipal(request), request.body, deps.now());
        return reply.status(created ? 201 : 200).send({ comment });
      },
    );

    app.delete(
      '/api/comments/:id',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: "Delete a comment (its author, the post's owner or an admin); idempotent",
          params: CommentIdParams,
          response: { 204: Type.Null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        await deps.comments.remove(request.params.id, requirePrincipal(request));
        return reply.status(204).send(null);
      },
    );
  };

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import { DiaryEntryBody, DiaryEntryIdParams, DiaryEntryResponse, HealthDetailsBody, HealthResponse } from '../../../core/diary-api';
import { PoopIdParams } from '../../../core/poop-api';
import { requireAccount, requirePrincipal } from '../../plugins/session';
import type { DiaryService } from '../../services/diary.service';

const tags = ['diary'];

/**
 * The health diary's writes (issue 43), the author's own: a post's private details, and
 * diary-only entries under a client UUID (PUT is idempotent, so the outbox may replay it).
 * Anyone else, admins included, gets the same 404 as for something that does not exist.
 */
export const diaryRoutes =
  (deps: { diary: DiaryService; now: () => Date }): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/poops/:id/health',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "The author's private health details of their post (empty answers when none were given)",
          params: PoopIdParams,
          response: { 200: HealthResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => ({ details: await deps.diary.postDetails(request.params.id, requirePrincipal(request)) }),
    );

    app.put(
      '/api/poops/:id/health',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "The author replaces their post's private health details (idempotent)",
          params: PoopIdParams,
          body: HealthDetailsBody,
          response: { 200: HealthResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => ({
        details: await deps.diary.setPostDetails(request.params.id, requirePrincipal(request), request.body),
      }),
    );

    app.put(
      '/api/me/diary/:id',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: 'Creates or replaces a diary-only entry (no photo) under a client UUID; counts for the streak',
          params: DiaryEntryIdParams,
          body: DiaryEntryBody,
          response: { 200: DiaryEntryResponse, 201: DiaryEntryResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const { created, entry, earned } = await deps.diary.putEntry(
          request.params.id,
          requirePrincipal(request),
          request.body,
          deps.now(),
        );
        return reply.status(created ? 201 : 200).send({ entry, earned });
      },
    );

    app.delete(
      '/api/me/diary/:id',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: 'Deletes a diary-only entry of the caller (idempotent: nothing to delete answers the same)',
          params: DiaryEntryIdParams,
          response: { 204: Type.Null(), 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request, reply) => {
        await deps.diary.deleteEntry(request.params.id, requirePrincipal(request), deps.now());
        return reply.status(204).send(null);
      },
    );
  };

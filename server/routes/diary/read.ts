import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { DiaryQuery, DiaryResponse } from '../../../core/diary-read-api';
import { requirePrincipal, requireSession } from '../../plugins/session';
import type { DiaryReadService } from '../../services/diary-read.service';

/** The author's own health diary (issue 43): their posts with their private details, and their diary-only entries. */
export const diaryReadRoutes =
  (diary: DiaryReadService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/me/diary',
      {
        onRequest: requireSession,
        schema: {
          tags: ['diary'],
          summary: "The caller's own diary over days from..to (inclusive) in the time zone tz (UTC by default)",
          querystring: DiaryQuery,
          response: { 200: DiaryResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request, reply) => {
        // Health details: never stored by a shared cache; the app keeps its own copy for offline use.
        void reply.header('Cache-Control', 'private, no-store');
        return diary.read(requirePrincipal(request).uid, request.query);
      },
    );
  };

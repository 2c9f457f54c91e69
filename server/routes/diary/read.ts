import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { DiaryListResponse, DiaryRangeQuery } from '../../../core/diary-api';
import { requireAccount, requirePrincipal } from '../../plugins/session';
import type { DiaryService } from '../../services/diary.service';

/** The author's own diary over a range of New York days: their posts (with details) and diary-only entries. */
export const diaryReadRoutes =
  (diary: DiaryService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/me/diary',
      {
        onRequest: requireAccount,
        schema: {
          tags: ['diary'],
          summary: "The caller's movements from `from` to `to` (YYYY-MM-DD, New York, both included), oldest first",
          querystring: DiaryRangeQuery,
          response: { 200: DiaryListResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request) => ({ entries: await diary.entries(requirePrincipal(request), request.query.from, request.query.to) }),
    );
  };

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { AchievementKeyParams, MyAchievementsResponse, ShowAchievementBody } from '../../../core/league-api';
import { requireAccount, requirePrincipal } from '../../plugins/session';
import type { AchievementService } from '../../services/achievement.service';

const onRequest = requireAccount;
const tags = ['achievements'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** My achievements (issue 44): the catalogue with what I earned, and which health ones others may see. */
export const achievementsRoutes =
  (achievements: AchievementService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/me/achievements',
      {
        onRequest,
        schema: { tags, summary: 'Every achievement, earned ones with their date', response: { 200: MyAchievementsResponse, ...errors } },
      },
      async (request) => achievements.mine(requirePrincipal(request).uid),
    );
    app.put(
      '/api/me/achievements/:key/shown',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Show or hide an earned achievement that reveals health (the others are always public)',
          params: AchievementKeyParams,
          body: ShowAchievementBody,
          response: { 200: MyAchievementsResponse, ...errors },
        },
      },
      async (request) => achievements.setShown(requirePrincipal(request).uid, request.params.key, request.body.shown),
    );
    app.post(
      '/api/me/achievements/report-made',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The report screen made a doctor report (idempotent): the first one earns "First report"',
          response: { 200: MyAchievementsResponse, ...errors },
        },
      },
      async (request) => achievements.reportMade(requirePrincipal(request).uid),
    );
  };

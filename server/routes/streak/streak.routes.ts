import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { StreakFreezeBody, StreakFreezeParams, StreakSettingsBody, StreakSnoozeResponse, StreakStatus } from '../../../core/streak-api';
import { requirePrincipal, requireSession } from '../../plugins/session';
import type { StreakService } from '../../services/streak.service';

const tags = ['streak'];
const SMALL_BODY = 1024;

/** The caller's own streak habits (issue 44): every route is by their uid, with a session checked first. */
export const streakRoutes =
  (streaks: StreakService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/streak',
      {
        onRequest: requireSession,
        schema: { tags, summary: 'Your streak, freezes held and used, reminder setting', response: { 200: StreakStatus, 401: ErrorBody } },
      },
      async (request) => streaks.status(requirePrincipal(request).uid),
    );

    app.put(
      '/api/streak/freezes/:id',
      {
        onRequest: requireSession,
        bodyLimit: SMALL_BODY,
        schema: {
          tags,
          summary: 'Buy a streak freeze under a client id (a replay buys nothing more)',
          params: StreakFreezeParams,
          body: StreakFreezeBody,
          response: { 200: StreakStatus, 201: StreakStatus, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
        },
      },
      async (request, reply) => {
        const boughtAt = request.body.boughtAt === undefined ? undefined : new Date(request.body.boughtAt);
        const { created, status } = await streaks.buyFreeze(requirePrincipal(request).uid, request.params.id.toLowerCase(), boughtAt);
        return reply.status(created ? 201 : 200).send(status);
      },
    );

    app.patch(
      '/api/streak/settings',
      {
        onRequest: requireSession,
        bodyLimit: SMALL_BODY,
        schema: {
          tags,
          summary: 'Streak reminders on or off; the time zone quiet hours are in',
          body: StreakSettingsBody,
          response: { 200: StreakStatus, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => streaks.updateSettings(requirePrincipal(request).uid, request.body),
    );

    app.post(
      '/api/streak/reminder/snooze',
      {
        onRequest: requireSession,
        bodyLimit: SMALL_BODY,
        schema: { tags, summary: 'Remind again in an hour (once per streak day)', response: { 200: StreakSnoozeResponse, 401: ErrorBody } },
      },
      async (request) => {
        const until = await streaks.snooze(requirePrincipal(request).uid);
        return { snoozedUntil: until?.toISOString() ?? null };
      },
    );
  };

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import { VitalsReportBody, VitalsSummaryResponse } from '../../../core/vitals-api';
import type { VitalsService } from '../../services/vitals.service';

/**
 * Real-user measures. Anyone may report (visitors' landings count too; nothing in a report names
 * them; its own rate limit, plugins/rate-limits.ts), and anyone may read the summary, which is
 * aggregates only.
 */
export const vitalsRoutes =
  (vitals: VitalsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/vitals',
      {
        schema: {
          tags: ['vitals'],
          summary: "A page load's Core Web Vitals and installed launch, without personal data",
          body: VitalsReportBody,
          response: { 204: Type.Null(), 400: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        await vitals.record(request.body);
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/api/vitals',
      {
        schema: {
          tags: ['vitals'],
          summary: 'Real-user measures of the last days: count, median and 75th percentile per measure and screen',
          response: { 200: VitalsSummaryResponse },
        },
      },
      async () => vitals.summary(),
    );
  };

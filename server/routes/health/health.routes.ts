import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, HealthResponse } from '../../../core/api';
import type { HealthService } from '../../services/health.service';

export const healthRoutes =
  (health: HealthService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get('/api/health', { schema: { tags: ['meta'], response: { 200: HealthResponse, 503: ErrorBody } } }, () => health.status());
  };

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { ErrorBody, HealthResponse } from '../../../core/api';
import type { Database } from '../../db/database';

export const healthRoutes =
  (database: Database, version: string): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/health',
      { schema: { tags: ['meta'], response: { 200: HealthResponse, 503: ErrorBody } } },
      async () => {
        await database.db.execute(sql`SELECT 1`);
        return { status: 'ok' as const, database: database.kind, version };
      },
    );
  };

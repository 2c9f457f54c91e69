import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import { DataExportParams, DataExportResponse } from '../../../core/data-export-api';
import { requirePrincipal, requireSession } from '../../plugins/session';
import type { DataExportService } from '../../services/data-export.service';

/** The archive, streamed from storage. */
const Zip = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });

/** "Download my data" (issue 43): ask for the archive, see its state, download it (its owner only). */
export const dataExportRoutes =
  (exports: DataExportService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/me/exports',
      {
        onRequest: requireSession,
        bodyLimit: 1024,
        schema: {
          tags: ['account'],
          summary:
            'Asks for a ZIP of everything the account owns; answers the pending export (the same one while it is pending), 429 with Retry-After while the ready one is under an hour old',
          response: { 202: DataExportResponse, 401: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => reply.code(202).send({ export: await exports.request(requirePrincipal(request).uid) }),
    );
    app.get(
      '/api/me/exports',
      {
        onRequest: requireSession,
        schema: {
          tags: ['account'],
          summary: "The caller's newest export that is pending, failed or still downloadable",
          response: { 200: DataExportResponse, 401: ErrorBody },
        },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'private, no-store');
        return { export: await exports.latest(requirePrincipal(request).uid) };
      },
    );
    app.get(
      '/api/me/exports/:id/download',
      {
        onRequest: requireSession,
        schema: {
          tags: ['account'],
          summary: 'The ZIP, for its owner only, until it expires (404 for anyone else and after)',
          params: DataExportParams,
          response: { 200: Zip, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const file = await exports.download(requirePrincipal(request).uid, request.params.id);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Length', String(file.size))
          .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .send(file.stream);
      },
    );
  };

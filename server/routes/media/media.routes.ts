import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import { MediaParams } from '../../../core/poop-api';
import type { MediaService } from '../../services/media.service';

/** A stored variant never changes under its URL (a new photo is a new post), so browsers may keep it. */
const IMMUTABLE_PRIVATE = 'private, max-age=31536000, immutable';

export const mediaRoutes =
  (media: MediaService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/media/poops/:id/:variant',
      {
        schema: {
          tags: ['media'],
          summary: "A post's image (WebP), visible exactly when the post is",
          params: MediaParams,
          response: { 200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }), 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const image = await media.poopImage(request.params.id, request.params.variant, request.principal);
        return reply
          .header('Content-Type', image.contentType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', IMMUTABLE_PRIVATE)
          .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
      },
    );
  };

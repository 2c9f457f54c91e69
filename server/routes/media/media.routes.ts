import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import { MediaParams } from '../../../core/poop-api';
import type { MediaService } from '../../services/media.service';

/**
 * A stored variant never changes under its URL (a new photo is a new post), so a browser may
 * keep a public post's image. A private or pending one must be asked for again each time, so
 * that making the post private or deleting it takes effect on every device.
 */
const PUBLIC_IMAGE = 'private, max-age=31536000, immutable';
const RESTRICTED_IMAGE = 'private, no-store';

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
          .header('Cache-Control', image.isPublic ? PUBLIC_IMAGE : RESTRICTED_IMAGE)
          .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
      },
    );
  };

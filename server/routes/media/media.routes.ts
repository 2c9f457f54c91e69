import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import { MediaParams } from '../../../core/poop-api';
import type { MediaService } from '../../services/media.service';
import { parseRangeHeader } from './byte-range';

/**
 * A stored variant never changes under its URL (a new photo is a new post), so a browser may
 * keep a public post's image. A private or pending one must be asked for again each time, so
 * that making the post private or deleting it takes effect on every device.
 */
const PUBLIC_IMAGE = 'private, max-age=31536000, immutable';
const RESTRICTED_IMAGE = 'private, no-store';
const RANGE_NOT_SATISFIABLE = 'The requested range lies outside the image.';

const Binary = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });

export const mediaRoutes =
  (media: MediaService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/media/poops/:id/:variant',
      {
        schema: {
          tags: ['media'],
          summary: "A post's image (WebP), visible exactly when the post is; one byte range on request (206, or 416 past the end)",
          params: MediaParams,
          response: { 200: Binary, 206: Binary, 400: ErrorBody, 404: ErrorBody, 416: ErrorBody },
        },
      },
      async (request, reply) => {
        const { id, variant } = request.params;
        const range = parseRangeHeader(request.headers.range);
        // The post's visibility is checked first either way: a range never reveals more than the whole would.
        if (!range) {
          const image = await media.poopImage(id, variant, request.principal);
          return imageHeaders(reply, image.contentType, image.isPublic).send(toBuffer(image.bytes));
        }
        const part = await media.poopImageRange(id, variant, request.principal, range);
        if ('unsatisfiable' in part) {
          return reply
            .code(416)
            .header('Content-Range', `bytes */${part.size}`)
            .header('Cache-Control', RESTRICTED_IMAGE)
            .send({ error: { code: 'bad_request', message: RANGE_NOT_SATISFIABLE } });
        }
        return imageHeaders(reply, part.contentType, part.isPublic)
          .code(206)
          .header('Content-Range', `bytes ${part.start}-${part.end}/${part.size}`)
          .send(toBuffer(part.bytes));
      },
    );
  };

function imageHeaders(reply: FastifyReply, contentType: string, isPublic: boolean): FastifyReply {
  return reply
    .header('Content-Type', contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', isPublic ? PUBLIC_IMAGE : RESTRICTED_IMAGE);
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

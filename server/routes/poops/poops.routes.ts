import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import { PHOTO_MAX_BYTES } from '../../../core/constants';
import { POOP_MESSAGES } from '../../../core/messages';
import {
  CreatePoopForm,
  PageQuery,
  PoopIdParams,
  PoopListResponse,
  PoopPageResponse,
  PoopResponse,
  CreatePoopResponse,
  UpdatePoopBody,
  UserUidParams,
} from '../../../core/poop-api';
import { fieldMessages } from '../../plugins/field-messages';
import { formValidatorCompiler, registerMultipartUpload } from '../../plugins/multipart-upload';
import { requireAccount, requirePrincipal, requireSession } from '../../plugins/session';
import type { UploadGate } from '../../plugins/upload-gate';
import type { PoopPostService } from '../../services/poop-post.service';
import type { PoopService } from '../../services/poop.service';

const tags = ['poops'];
/** What Fastify sends with a JSON reply it serialised itself; a page sent as a string says the same. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends JSON that the route's own 200 serialiser already made (a cached feed page) as it is.
 * The typed reply only takes the schema's object, hence the plain FastifyReply.
 */
function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json);
}

/** The route's response serialiser (fast-json-stringify for a schema) answers a string; the wider type is for custom serialisers. */
function serialized(output: string | ArrayBuffer | Buffer): string {
  if (typeof output !== 'string') throw new TypeError('the response serialiser answered bytes, not JSON text');
  return output;
}

/** Posts: create (multipart, idempotent by client UUID), read, edit, soft delete, the feed and lists. */
export const poopsRoutes =
  (deps: { posts: PoopPostService; poops: PoopService; now: () => Date; uploads: UploadGate }): FastifyPluginAsyncTypebox =>
  async (app) => {
    await registerMultipartUpload(app, { maxFileBytes: PHOTO_MAX_BYTES, tooLargeMessage: POOP_MESSAGES.photoTooLarge, gate: deps.uploads });

    app.put(
      '/api/poops/:id',
      {
        // Who, then whether the server takes the upload now: both before any of the body is read.
        onRequest: [requireAccount, deps.uploads.admit],
        validatorCompiler: formValidatorCompiler,
        schemaErrorFormatter: fieldMessages({
          photo: POOP_MESSAGES.photoMissing,
          '/photo': POOP_MESSAGES.photoMissing,
          type: POOP_MESSAGES.typeInvalid,
          '/type': POOP_MESSAGES.typeInvalid,
          '/title:maxLength': POOP_MESSAGES.titleTooLong,
          '/description:maxLength': POOP_MESSAGES.descriptionTooLong,
          '/placeName:maxLength': POOP_MESSAGES.placeNameTooLong,
          '/createdDate': POOP_MESSAGES.createdDateInvalid,
        }),
        schema: {
          tags,
          summary: 'Post a poop (multipart/form-data) under a client-generated UUID; replays answer the stored post',
          consumes: ['multipart/form-data'],
          params: PoopIdParams,
          body: CreatePoopForm,
          response: {
            200: CreatePoopResponse,
            201: CreatePoopResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            409: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
            429: ErrorBody,
            503: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const { created, poop, earned } = await deps.posts.create(requirePrincipal(request), request.params.id, request.body, deps.now());
        return reply.status(created ? 201 : 200).send({ poop, ...(earned ? { earned } : {}) });
      },
    );

    app.get(
      '/api/poops/feed',
      {
        schema: {
          tags,
          summary: 'Public posts, newest modification first, 5 per page (readable without a session)',
          querystring: PageQuery,
          response: { 200: PoopPageResponse, 400: ErrorBody },
        },
      },
      async (request, reply) => {
        const json = await deps.poops.feedJson(request.query.cursor, request.principal, deps.now(), (page) =>
          serialized(reply.serialize(page)),
        );
        return sendJson(reply, json);
      },
    );

    app.get(
      '/api/poops/most-liked',
      { schema: { tags, summary: 'The 50 most liked public posts', response: { 200: PoopListResponse } } },
      async (request) => ({ poops: await deps.poops.mostLiked(request.principal) }),
    );

    app.get(
      '/api/users/:uid/poops',
      {
        schema: {
          tags,
          summary: "A user's approved posts (their private ones only for themselves)",
          params: UserUidParams,
          querystring: PageQuery,
          response: { 200: PoopPageResponse, 400: ErrorBody },
        },
      },
      async (request) => deps.poops.byUser(request.params.uid, request.query.cursor, request.principal),
    );

    app.get(
      '/api/poops/:id',
      { schema: { tags, params: PoopIdParams, response: { 200: PoopResponse, 404: ErrorBody } } },
      async (request) => ({ poop: await deps.poops.get(request.params.id, request.principal) }),
    );

    app.patch(
      '/api/poops/:id',
      {
        onRequest: requireSession,
        schemaErrorFormatter: fieldMessages({
          '/type': POOP_MESSAGES.typeInvalid,
          '/title:maxLength': POOP_MESSAGES.titleTooLong,
          '/description:maxLength': POOP_MESSAGES.descriptionTooLong,
        }),
        schema: {
          tags,
          summary: 'The owner edits title, description, type, private, showInMap',
          params: PoopIdParams,
          body: UpdatePoopBody,
          response: { 200: PoopResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => ({
        poop: await deps.poops.update(request.params.id, requirePrincipal(request), request.body, deps.now()),
      }),
    );

    app.delete(
      '/api/poops/:id',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: 'Soft delete by the owner or an admin (idempotent)',
          params: PoopIdParams,
          response: { 204: Type.Null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        await deps.poops.remove(request.params.id, requirePrincipal(request), deps.now());
        return reply.status(204).send(null);
      },
    );
  };

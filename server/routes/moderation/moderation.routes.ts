import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import {
  ChangeTypeBody,
  ModerationListResponse,
  ModerationPoopResponse,
  OverviewQuery,
  OverviewResponse,
  PoopIdParams,
  ReportQuery,
  ReportSummaryResponse,
  ReviewBody,
  SaveImageBody,
  SaveImageResponse,
  ScreeningBody,
  ScreeningResponse,
  VerificationQueueResponse,
  VerifyResponse,
} from '../../../core/moderation-api';
import { PoopTypeSchema } from '../../../core/poop-api';
import { requireAccount, requirePrincipal } from '../../plugins/session';
import type { ModerationService } from '../../services/moderation.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;
/** The JSON bodies of the decisions ({type}, {decision}, none): a few hundred bytes at most. */
const SMALL_BODY_LIMIT = 1024;
/** saveImageToDrive: a URL of at most 2,048 characters and a type. */
const SAVE_IMAGE_BODY_LIMIT = 4 * 1024;
/** The screening route's one field (ScreeningBody: a base64 image of at most 12 MiB) and its JSON around it. */
const SCREENING_BODY_LIMIT = 12 * 1024 * 1024 + 1024;
const VerifyRequest = Type.Object({
  type: PoopTypeSchema,
  /** Optional: the stage the caller believes they perform; another stage than theirs is a 403. */
  stage: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
});

/**
 * Moderation (issue 24): admin only. Every route checks the admin flag in the database in its
 * onRequest hook, before any body is read (a plain user's 12 MB body is refused unread), and the
 * service checks it again on every call.
 */
export const moderationRoutes =
  (moderation: ModerationService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['moderation'];
    const onRequest = async (request: FastifyRequest) => {
      await requireAccount(request);
      await moderation.requireAdmin(requirePrincipal(request));
    };
    app.get(
      '/api/admin/verification',
      {
        onRequest,
        schema: {
          tags,
          summary: "The caller's verification stage, its queue (newest first, 100) and their count",
          response: { 200: VerificationQueueResponse, ...errors },
        },
      },
      async (request) => moderation.queue(requirePrincipal(request)),
    );
    app.post(
      '/api/admin/verification/:id',
      {
        onRequest,
        bodyLimit: SMALL_BODY_LIMIT,
        schema: {
          tags,
          summary: "Records the caller's stage for a post",
          params: PoopIdParams,
          body: VerifyRequest,
          response: { 200: VerifyResponse, 409: ErrorBody, ...errors },
        },
      },
      async (request) =>
        moderation.verify(requirePrincipal(request), request.params.id.toLowerCase(), request.body.type, request.body.stage),
    );
    app.get(
      '/api/admin/review',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Pending and flagged posts waiting for a decision, oldest first',
          response: { 200: ModerationListResponse, ...errors },
        },
      },
      async (request) => ({ poops: await moderation.reviewQueue(requirePrincipal(request)) }),
    );
    app.post(
      '/api/admin/poops/:id/review',
      {
        onRequest,
        bodyLimit: SMALL_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Approves or denies a post',
          params: PoopIdParams,
          body: ReviewBody,
          response: { 200: ModerationPoopResponse, ...errors },
        },
      },
      async (request) => ({
        poop: await moderation.review(requirePrincipal(request), request.params.id.toLowerCase(), request.body.decision),
      }),
    );
    app.post(
      '/api/admin/poops/:id/type',
      {
        onRequest,
        bodyLimit: SMALL_BODY_LIMIT,
        schema: {
          tags,
          summary: "A moderator's type change",
          params: PoopIdParams,
          body: ChangeTypeBody,
          response: { 200: ModerationPoopResponse, ...errors },
        },
      },
      async (request) => ({
        poop: await moderation.changeType(requirePrincipal(request), request.params.id.toLowerCase(), request.body.type),
      }),
    );
    app.post(
      '/api/admin/poops/:id/verified',
      {
        onRequest,
        bodyLimit: SMALL_BODY_LIMIT,
        schema: {
          tags,
          summary: "The 'update verified' action",
          params: PoopIdParams,
          response: { 200: ModerationPoopResponse, ...errors },
        },
      },
      async (request) => ({ poop: await moderation.markVerified(requirePrincipal(request), request.params.id.toLowerCase()) }),
    );
    app.get(
      '/api/admin/unverified',
      {
        onRequest,
        schema: { tags, summary: 'Posts not verified yet (newest first, 200)', response: { 200: ModerationListResponse, ...errors } },
      },
      async (request) => ({ poops: await moderation.unverified(requirePrincipal(request)) }),
    );
    app.get(
      '/api/admin/overview',
      {
        onRequest,
        schema: {
          tags,
          summary: 'User and poop counts by New York day, queue sizes, premium count',
          querystring: OverviewQuery,
          response: { 200: OverviewResponse, ...errors },
        },
      },
      async (request) => moderation.overview(requirePrincipal(request), request.query.from, request.query.to),
    );
    app.get(
      '/api/admin/report',
      {
        onRequest,
        schema: {
          tags,
          summary: "The daily report (spec 'Report summary') of a day (default the latest) and the days before it",
          querystring: ReportQuery,
          response: { 200: ReportSummaryResponse, ...errors },
        },
      },
      async (request) => moderation.report(requirePrincipal(request), request.query.day),
    );
    // The backend functions of spec section 7, under the API.
    app.post(
      '/api/requestChatGptResponseWithStructuredData',
      {
        onRequest,
        bodyLimit: SCREENING_BODY_LIMIT,
        schema: {
          tags,
          summary: 'AI screening of one image (admins)',
          body: ScreeningBody,
          response: { 200: ScreeningResponse, 502: ErrorBody, 503: ErrorBody, ...errors },
        },
      },
      async (request) => ({ aiScreening: await moderation.screenImage(requirePrincipal(request), request.body.base64Image) }),
    );
    app.post(
      '/api/saveImageToDrive',
      {
        onRequest,
        bodyLimit: SAVE_IMAGE_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Saves a post image to the dataset (Drive or storage)',
          body: SaveImageBody,
          response: { 200: SaveImageResponse, 502: ErrorBody, ...errors },
        },
      },
      async (request) => moderation.saveImage(requirePrincipal(request), request.body.downloadUrl, request.body.type),
    );
  };

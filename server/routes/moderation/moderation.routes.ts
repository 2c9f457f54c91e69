import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import {
  ChangeTypeBody,
  ModerationListResponse,
  ModerationPoopResponse,
  OverviewQuery,
  OverviewResponse,
  PoopIdParams,
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
const VerifyRequest = Type.Object({
  type: PoopTypeSchema,
  /** Optional: the stage the caller believes they perform; another stage than theirs is a 403. */
  stage: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
});

/** Moderation (issue 24): admin only; the service checks the admin flag on every call. */
export const moderationRoutes =
  (moderation: ModerationService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['moderation'];
    app.get(
      '/api/admin/verification',
      {
        onRequest: requireAccount,
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
        onRequest: requireAccount,
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
        onRequest: requireAccount,
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
        onRequest: requireAccount,
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
        onRequest: requireAccount,
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
        onRequest: requireAccount,
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
        onRequest: requireAccount,
        schema: { tags, summary: 'Posts not verified yet (newest first, 200)', response: { 200: ModerationListResponse, ...errors } },
      },
      async (request) => ({ poops: await moderation.unverified(requirePrincipal(request)) }),
    );
    app.get(
      '/api/admin/overview',
      {
        onRequest: requireAccount,
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
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "The daily report (spec 'Report summary') and the recent days",
          response: { 200: ReportSummaryResponse, ...errors },
        },
      },
      async (request) => moderation.report(requirePrincipal(request)),
    );
    // The backend functions of spec section 7, under the API.
    app.post(
      '/api/requestChatGptResponseWithStructuredData',
      {
        onRequest: requireAccount,
        bodyLimit: 16 * 1024 * 1024,
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
        onRequest: requireAccount,
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

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivityQuery,
  ActivityResponse,
  AvatarForm,
  DeleteAccountResponse,
  UpdateMeBody,
  UsernameAvailableQuery,
  UsernameAvailableResponse,
} from '../../../core/account-api';
import { ErrorBody, UserResponse } from '../../../core/api';
import { PHOTO_MAX_BYTES } from '../../../core/constants';
import { UidParams } from '../../../core/follow-api';
import { POOP_MESSAGES } from '../../../core/messages';
import { fieldMessages } from '../../plugins/field-messages';
import { formValidatorCompiler, registerMultipartUpload } from '../../plugins/multipart-upload';
import { clearSessionCookie, requirePrincipal, requireSession, type SessionCookieOptions } from '../../plugins/session';
import type { UploadGate } from '../../plugins/upload-gate';
import type { AccountService } from '../../services/account.service';
import type { ProfileService } from '../../services/profile.service';

const tags = ['account'];

/** The caller's own account: settings, avatar, history, and deleting it all. */
export const accountRoutes =
  (deps: {
    profiles: ProfileService;
    accounts: AccountService;
    cookie: SessionCookieOptions;
    uploads: UploadGate;
  }): FastifyPluginAsyncTypebox =>
  async (app) => {
    await registerMultipartUpload(app, { maxFileBytes: PHOTO_MAX_BYTES, tooLargeMessage: POOP_MESSAGES.photoTooLarge, gate: deps.uploads });

    app.patch(
      '/api/me',
      {
        schema: {
          tags,
          summary: 'Change your username or settings',
          body: UpdateMeBody,
          response: { 200: UserResponse, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) => ({ user: await deps.profiles.update(requirePrincipal(request).uid, request.body) }),
    );

    app.get(
      '/api/me/username-available',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: 'Whether you could take a username (checked as you type it)',
          querystring: UsernameAvailableQuery,
          response: { 200: UsernameAvailableResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => deps.profiles.usernameAvailable(requirePrincipal(request).uid, request.query.username),
    );

    app.put(
      '/api/me/avatar',
      {
        // The session, then the upload gate, before the body is read: a refused upload costs no parsing.
        onRequest: [requireSession, deps.uploads.admit],
        validatorCompiler: formValidatorCompiler,
        schemaErrorFormatter: fieldMessages({ avatar: POOP_MESSAGES.photoMissing, '/avatar': POOP_MESSAGES.photoMissing }),
        schema: {
          tags,
          summary: 'Upload a new avatar (multipart/form-data, field `avatar`)',
          consumes: ['multipart/form-data'],
          body: AvatarForm,
          response: { 200: UserResponse, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody, 503: ErrorBody },
        },
      },
      async (request) => ({ user: await deps.profiles.setAvatar(requirePrincipal(request).uid, request.body.avatar) }),
    );

    app.get(
      '/api/media/users/:uid/avatar',
      { schema: { tags, summary: "A user's avatar (WebP)", params: UidParams } },
      async (request, reply) => {
        const avatar = await deps.profiles.avatar(request.params.uid);
        return reply
          .header('Content-Type', avatar.contentType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .send(Buffer.from(avatar.bytes));
      },
    );

    app.get(
      '/api/me/activity',
      {
        schema: {
          tags,
          summary: 'Your posts, likes and comments, newest first',
          querystring: ActivityQuery,
          response: { 200: ActivityResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => deps.accounts.activity(requirePrincipal(request).uid, request.query.cursor),
    );

    app.delete(
      '/api/me',
      {
        schema: {
          tags,
          summary: 'Delete your account and everything in it (posts, photos, likes, comments, follows)',
          response: { 200: DeleteAccountResponse, 401: ErrorBody },
        },
      },
      async (request, reply) => {
        const { uid, email } = requirePrincipal(request);
        const status = await deps.accounts.deleteAccount(uid, email);
        clearSessionCookie(reply, deps.cookie);
        return { status };
      },
    );
  };

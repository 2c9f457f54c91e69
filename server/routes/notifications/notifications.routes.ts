import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, UnreadCountResponse } from '../../../core/api';
import { PageQuery } from '../../../core/poop-api';
import { MarkReadResponse, MarkShownReadBody, NotificationIdParams, NotificationPageResponse } from '../../../core/social-api';
import { requirePrincipal, requireSession } from '../../plugins/session';
import type { NotificationService } from '../../services/notification.service';

const tags = ['notifications'];

/** The caller's own notifications only: every query is by their uid. */
export const notificationRoutes =
  (notifications: NotificationService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/notifications',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: 'Newest first, in pages',
          querystring: PageQuery,
          response: { 200: NotificationPageResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => notifications.list(requirePrincipal(request).uid, request.query.cursor),
    );

    app.get(
      '/api/notifications/unread-count',
      { schema: { tags, response: { 200: UnreadCountResponse, 401: ErrorBody } } },
      async (request) => ({ count: await notifications.unreadCount(requirePrincipal(request).uid) }),
    );

    app.post(
      '/api/notifications/read-all',
      {
        onRequest: requireSession,
        schema: { tags, summary: 'Mark all as read (up to 50, the newest)', response: { 200: MarkReadResponse, 401: ErrorBody } },
      },
      async (request) => notifications.markAllRead(requirePrincipal(request).uid),
    );

    app.post(
      '/api/notifications/read',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: 'Mark the notifications a screen showed as read',
          body: MarkShownReadBody,
          response: { 200: MarkReadResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => notifications.markShownRead(requirePrincipal(request).uid, request.body.ids),
    );

    app.post(
      '/api/notifications/:id/read',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: 'Mark one as read',
          params: NotificationIdParams,
          response: { 200: MarkReadResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => notifications.markRead(requirePrincipal(request).uid, request.params.id.toLowerCase()),
    );
  };

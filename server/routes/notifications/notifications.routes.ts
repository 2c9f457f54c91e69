import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, UnreadCountResponse } from '../../../core/api';
import { requirePrincipal } from '../../plugins/session';
import type { NotificationService } from '../../services/notification.service';

export const notificationRoutes =
  (notifications: NotificationService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/notifications/unread-count',
      { schema: { tags: ['notifications'], response: { 200: UnreadCountResponse, 401: ErrorBody } } },
      async (request) => ({ count: await notifications.countUnread(requirePrincipal(request).uid) }),
    );
  };

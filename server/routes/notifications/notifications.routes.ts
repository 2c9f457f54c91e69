import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, UnreadCountResponse } from '../../../core/api';
import { requirePrincipal } from '../../plugins/session';
import type { NotificationRepository } from '../../repositories/notification.repository';

export const notificationRoutes =
  (notifications: NotificationRepository): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/notifications/unread-count',
      { schema: { tags: ['notifications'], response: { 200: UnreadCountResponse, 401: ErrorBody } } },
      async (request) => ({ count: await notifications.countUnread(requirePrincipal(request).uid) }),
    );
  };

import { createFileRoute } from '@tanstack/react-router';
import { notificationsQuery } from '../../api/notifications.queries';
import { NotificationsPage } from '../../features/notifications/NotificationsPage';

export const Route = createFileRoute('/root/notifications')({
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(notificationsQuery()),
  component: NotificationsPage,
});

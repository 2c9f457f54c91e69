import { createFileRoute } from '@tanstack/react-router';
import { activityQuery } from '../../../api/me.queries';
import { ActivityPage } from '../../../features/account/ActivityPage';

export const Route = createFileRoute('/root/account/activity')({
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(activityQuery()),
  component: ActivityPage,
});

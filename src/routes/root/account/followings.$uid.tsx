import { createFileRoute } from '@tanstack/react-router';
import { followListQuery, userQuery } from '../../../api/users.queries';
import { FollowListPage } from '../../../features/users/FollowListPage';

function FollowListRoute() {
  const { uid } = Route.useParams();
  return <FollowListPage key={uid} uid={uid} side="followings" />;
}

export const Route = createFileRoute('/root/account/followings/$uid')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(userQuery(params.uid));
    void context.queryClient.prefetchInfiniteQuery(followListQuery(params.uid, 'followings'));
  },
  component: FollowListRoute,
});

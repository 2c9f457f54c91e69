import { createFileRoute } from '@tanstack/react-router';
import { userPoopsQuery, userQuery } from '../../api/users.queries';
import { UserPage } from '../../features/users/UserPage';

function UserRoute() {
  const { uid } = Route.useParams();
  return <UserPage key={uid} uid={uid} />;
}

export const Route = createFileRoute('/root/user/$uid')({
  loader: ({ context, params }) => {
    // Started here, awaited by the screen (which shows its own loading and error states).
    void context.queryClient.prefetchQuery(userQuery(params.uid));
    void context.queryClient.prefetchInfiniteQuery(userPoopsQuery(params.uid));
  },
  component: UserRoute,
});

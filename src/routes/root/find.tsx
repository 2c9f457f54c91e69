import { createFileRoute } from '@tanstack/react-router';
import { mostFollowedQuery } from '../../api/users.queries';
import { FindPage } from '../../features/find/FindPage';

export const Route = createFileRoute('/root/find')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(mostFollowedQuery()),
  component: FindPage,
});

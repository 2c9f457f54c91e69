import { createFileRoute } from '@tanstack/react-router';
import { leaderboardsQuery } from '../../api/users.queries';
import { LeaderboardPage } from '../../features/leaderboard/LeaderboardPage';

export const Route = createFileRoute('/root/leaderboard')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(leaderboardsQuery()),
  component: LeaderboardPage,
});

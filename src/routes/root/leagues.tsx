import { createFileRoute } from '@tanstack/react-router';
import { leaguesQuery } from '../../api/leagues.api';
import { LeaguesPage } from '../../features/leagues/LeaguesPage';

export const Route = createFileRoute('/root/leagues')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(leaguesQuery()),
  component: LeaguesPage,
});

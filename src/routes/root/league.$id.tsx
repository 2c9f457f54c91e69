import { createFileRoute, notFound } from '@tanstack/react-router';
import { leagueQuery } from '../../api/leagues.api';
import { LeaguePage } from '../../features/leagues/LeaguePage';
import { isUuid } from '../../lib/uuid';

function LeagueRoute() {
  const { id } = Route.useParams();
  return <LeaguePage key={id} id={id} />;
}

export const Route = createFileRoute('/root/league/$id')({
  loader: ({ context, params }) => {
    if (!isUuid(params.id)) throw notFound();
    void context.queryClient.prefetchQuery(leagueQuery(params.id));
  },
  component: LeagueRoute,
});

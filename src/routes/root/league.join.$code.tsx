import { createFileRoute } from '@tanstack/react-router';
import { JoinLeaguePage } from '../../features/leagues/JoinLeaguePage';

function JoinRoute() {
  const { code } = Route.useParams();
  return <JoinLeaguePage key={code} code={code.toUpperCase()} />;
}

export const Route = createFileRoute('/root/league/join/$code')({ component: JoinRoute });

import { createFileRoute } from '@tanstack/react-router';
import { PoopPage } from '../../features/poops/PoopPage';

function PoopRoute() {
  const { id } = Route.useParams();
  // A new page per post, so nothing of one post's screen carries over to the next.
  return <PoopPage key={id} id={id} />;
}

export const Route = createFileRoute('/root/poop/$id')({ component: PoopRoute });

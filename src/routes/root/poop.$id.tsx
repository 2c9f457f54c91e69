import { createFileRoute, notFound } from '@tanstack/react-router';
import { poopQuery } from '../../api/poops.queries';
import { isUuid } from '../../lib/uuid';
import { NotAvailable, PoopPage } from '../../features/poops/PoopPage';

function PoopRoute() {
  const { id } = Route.useParams();
  // A new page per post, so nothing of one post's screen carries over to the next.
  return <PoopPage key={id} id={id} />;
}

export const Route = createFileRoute('/root/poop/$id')({
  loader: ({ context, params }) => {
    // No post has an id that is not a UUID: say so without asking the server.
    if (!isUuid(params.id)) throw notFound();
    // Starts the read on navigation; the page shows the post from a list at once if one has it.
    void context.queryClient.prefetchQuery(poopQuery(params.id));
  },
  component: PoopRoute,
  notFoundComponent: NotAvailable,
});

import { createFileRoute, notFound } from '@tanstack/react-router';
import { COMMENT_REPLY_PARAM } from '../../../core/constants';
import { poopQuery } from '../../api/poops.queries';
import { isUuid } from '../../lib/uuid';
import { NotAvailable, PoopPage } from '../../features/poops/PoopPage';

function PoopRoute() {
  const { id } = Route.useParams();
  const { reply } = Route.useSearch();
  // A new page per post, so nothing of one post's screen carries over to the next.
  return <PoopPage key={id} id={id} reply={reply} />;
}

/** `?reply=1` (a comment notification's "Reply"): the comment box has the focus. */
function validateSearch(search: Record<string, unknown>): { reply?: true } {
  const value = search[COMMENT_REPLY_PARAM];
  return value === 1 || value === '1' || value === true ? { reply: true } : {};
}

export const Route = createFileRoute('/root/poop/$id')({
  loader: ({ context, params }) => {
    // No post has an id that is not a UUID: say so without asking the server.
    if (!isUuid(params.id)) throw notFound();
    // Starts the read on navigation; the page shows the post from a list at once if one has it.
    void context.queryClient.prefetchQuery(poopQuery(params.id));
  },
  validateSearch,
  component: PoopRoute,
  notFoundComponent: NotAvailable,
});

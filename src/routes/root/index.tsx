import { createFileRoute } from '@tanstack/react-router';
import { feedQuery } from '../../api/poops.queries';
import { HomePage } from '../../features/home/HomePage';

export const Route = createFileRoute('/root/')({
  // Starts the feed's first page on navigation; the page shows skeletons until it arrives.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(feedQuery());
  },
  component: HomePage,
  // The screen most visits open on: in the app's first download rather than a chunk fetched after it.
  codeSplitGroupings: [],
});

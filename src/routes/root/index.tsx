import { createFileRoute } from '@tanstack/react-router';
import { feedQuery } from '../../api/poops.queries';
import { HomePage, prefetchWelcome } from '../../features/home/HomePage';

export const Route = createFileRoute('/root/')({
  // Starts the feed's first page (and a new account's welcome) on navigation; the page shows skeletons until they arrive.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(feedQuery());
    prefetchWelcome();
  },
  component: HomePage,
  // The screen most visits open on: in the app's first download rather than a chunk fetched after it.
  codeSplitGroupings: [],
});

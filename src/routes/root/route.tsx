import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../components/NotFound';
import { RootLayout } from '../../features/shell/RootLayout';

// An unknown /root/... address shows 'Not Found' inside the layout: the bottom navigation stays.
export const Route = createFileRoute('/root')({
  component: RootLayout,
  notFoundComponent: NotFound,
  // Every signed-in screen's frame: in the app's first download, like the feed (root/index.tsx).
  codeSplitGroupings: [],
});

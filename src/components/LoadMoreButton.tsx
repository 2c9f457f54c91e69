import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useLingui } from '@lingui/react/macro';

/** The part of an infinite query a "Load more" button needs (TanStack Query's useInfiniteQuery result). */
interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Load more' under a paged list, shown while there is a next page; says 'Loading…' while it comes. */
export function LoadMoreButton({ query }: { query: NextPageQuery }) {
  const { t } = useLingui();
  if (!query.hasNextPage) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? t`Loading…` : t`Load more`}
      </Button>
    </Box>
  );
}

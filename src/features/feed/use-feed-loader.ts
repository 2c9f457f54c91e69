import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { Poop } from '../../../core/poop-api';
import { feedQuery } from '../../api/poops.queries';
import { uniqueById } from '../../lib/unique-by-id';
import { messageForError } from '../auth/auth-errors';
import { useOnline } from '../connectivity/use-online';

/** What is on its way: the first page (nothing to show yet), a refresh of it, or the next page. */
export type FeedLoading = 'first' | 'refresh' | 'more' | null;

export interface FeedLoader {
  poops: readonly Poop[];
  /** The first page has arrived. */
  loaded: boolean;
  hasMore: boolean;
  loading: FeedLoading;
  /** The last load failed, and which one, so "Try again" repeats it. */
  error: { message: string; during: 'first' | 'more' } | null;
  refresh: () => void;
  loadMore: () => void;
  retry: () => void;
}

/**
 * 'For you' (GET /api/poops/feed) as an infinite query: the pages stay in the query cache, so the
 * feed shows at once when the user comes back to it, with likes made elsewhere. Refresh reloads
 * the first page only (the later ones are dropped, as the feed may have moved on).
 */
export function useFeedLoader(): FeedLoader {
  const client = useQueryClient();
  const online = useOnline();
  const query = useInfiniteQuery(feedQuery());
  const {
    data,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    isPending,
    isFetching,
    error: failure,
    refetch,
    fetchNextPage,
  } = query;

  const poops = useMemo(() => uniqueById((data?.pages ?? []).flatMap((page) => page.poops)), [data]);

  const loading: FeedLoading = isFetchingNextPage ? 'more' : isPending && isFetching ? 'first' : isFetching ? 'refresh' : null;
  // Offline, a failed re-read of a feed already saved is no error: the saved posts (or the empty
  // state) show under the offline note, and the feed is read again when the connection returns.
  const offlineWithSaved = !online && data !== undefined && !isFetchNextPageError;
  const error: FeedLoader['error'] =
    failure === null || isFetching || offlineWithSaved
      ? null
      : { message: messageForError(failure), during: isFetchNextPageError ? 'more' : 'first' };

  const refresh = useCallback(() => {
    client.setQueryData(feedQuery().queryKey, (current) =>
      current === undefined ? current : { pages: current.pages.slice(0, 1), pageParams: current.pageParams.slice(0, 1) },
    );
    void refetch();
  }, [client, refetch]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetching]);
  const retry = useCallback(() => {
    if (isFetchNextPageError) void fetchNextPage();
    else refresh();
  }, [fetchNextPage, isFetchNextPageError, refresh]);

  return { poops, loaded: data !== undefined, hasMore: hasNextPage, loading, error, refresh, loadMore, retry };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Poop } from '../../../core/poop-api';
import { getFeed } from '../../api/poops.api';
import { setFeedPage, useCurrentUser, useFeed, useFeedPoops } from '../../state/app.state';
import { messageForError } from '../auth/auth-errors';

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
 * 'For you' (GET /api/poops/feed): the posts live in app state, so the feed survives leaving
 * /root and shows likes made elsewhere; this hook loads pages into it. The first page loads
 * when the feed was never loaded or was loaded for someone else (likedByMe is per viewer).
 */
export function useFeedLoader(): FeedLoader {
  const feed = useFeed();
  const poops = useFeedPoops();
  // The viewer is whoever the API session belongs to: the user record arrives once it is open.
  const viewerUid = useCurrentUser()?.uid ?? null;
  const [loading, setLoading] = useState<FeedLoading>(null);
  const [error, setError] = useState<FeedLoader['error']>(null);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(
    async (cursor: string | null, kind: Exclude<FeedLoading, null>) => {
      // A refresh wins over a page on its way; a second "more" waits for the first.
      if (kind === 'more' && inFlight.current !== null) return;
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setLoading(kind);
      setError(null);
      try {
        const page = await getFeed(cursor, controller.signal);
        setFeedPage(page, cursor !== null, viewerUid);
      } catch (failure) {
        if (controller.signal.aborted) return;
        setError({ message: messageForError(failure), during: cursor === null ? 'first' : 'more' });
      } finally {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setLoading(null);
        }
      }
    },
    [viewerUid],
  );

  const stale = !feed.loaded || feed.viewerUid !== viewerUid;
  const { nextCursor, loaded } = feed;
  // Only a feed never loaded, or loaded for another viewer, reloads on its own (a failure waits for "Try again").
  useEffect(() => {
    if (stale) void load(null, loaded ? 'refresh' : 'first');
  }, [stale, loaded, load]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const refresh = useCallback(() => void load(null, loaded ? 'refresh' : 'first'), [load, loaded]);
  const loadMore = useCallback(() => {
    if (nextCursor !== null) void load(nextCursor, 'more');
  }, [load, nextCursor]);
  const retry = useCallback(() => {
    if (error?.during === 'more') loadMore();
    else refresh();
  }, [error, loadMore, refresh]);

  return { poops, loaded, hasMore: nextCursor !== null, loading, error, refresh, loadMore, retry };
}

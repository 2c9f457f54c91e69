import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Poop } from '../../core/poop-api';
import { whenIdle } from '../lib/when-idle';
import { ApiError } from './api-error';
import { removeGonePoop, withoutGonePoops } from './poop-cache';
import { getComments, getFeed, getPoop } from './poops.api';
import { queryKeys } from './query-keys';

/**
 * The reads of posts and comments, shared by route loaders (which start them on navigation) and
 * components. Lists are infinite queries over the server's keyset cursor (`nextCursor`).
 */

/**
 * 'For you' (GET /api/poops/feed), newest modification first. A page may be the worker's older
 * copy (slow or no network): posts known to be gone since are left out of it.
 */
export const feedQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.feed(),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = withoutGonePoops(client, await getFeed(pageParam, signal));
      keepCommentsOf(client, page.poops);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** One post. A 404 (deleted, or made private since a list showed it) also takes it out of every list. */
export const poopQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.poop(id),
    queryFn: async ({ signal, client }) => {
      try {
        return await getPoop(id, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) removeGonePoop(client, id);
        throw error;
      }
    },
  });

/** A post's comments, oldest first. */
export const commentsQuery = (poopId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.comments(poopId),
    queryFn: ({ pageParam, signal }) => getComments(poopId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** How long a list's screen has before its posts' comments are read: the screen's own reads first. */
const KEEP_COMMENTS_DELAY_MS = 1_000;

/**
 * Keeps the first page of comments of each listed post that has some, beside the post itself
 * (issue 64): the post opened offline from the list shows the comments it had, not a count alone.
 * Read once the page is idle, and only while online; a fresh copy is not read again.
 */
export function keepCommentsOf(client: QueryClient, poops: readonly Pick<Poop, 'id' | 'comments'>[]): void {
  const commented = poops.filter((poop) => poop.comments > 0);
  if (commented.length === 0 || typeof window === 'undefined') return;
  whenIdle(() => {
    if (!navigator.onLine) return;
    for (const poop of commented) void client.prefetchInfiniteQuery(commentsQuery(poop.id));
  }, KEEP_COMMENTS_DELAY_MS);
}

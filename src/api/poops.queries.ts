import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
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
    queryFn: async ({ pageParam, signal, client }) => withoutGonePoops(client, await getFeed(pageParam, signal)),
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

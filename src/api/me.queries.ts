import { infiniteQueryOptions, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { User } from '../../core/user';
import { getActivity } from './me.api';
import { getUnreadCount } from './notifications.api';
import { forgetGonePoops } from './poop-cache';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';

/**
 * The signed-in user's record. The auth session (features/auth/auth-session.ts) loads it when it
 * opens the API session and stores it here; screens read it from the cache.
 */
export const meQuery = () => queryOptions<User | null>({ queryKey: queryKeys.me(), queryFn: skipToken, staleTime: Infinity });

/** What the user posted, liked and commented on, newest first. */
export const activityQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.activity(),
    queryFn: ({ pageParam, signal }) => getActivity(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** Unread notifications; refetched when the tab regains focus or the network returns (the query defaults). */
export const unreadCountQuery = () => queryOptions({ queryKey: queryKeys.unreadCount(), queryFn: ({ signal }) => getUnreadCount(signal) });

/** The signed-in user's record from the API, null until it is loaded. */
export function useCurrentUser(): User | null {
  return useQuery(meQuery()).data ?? null;
}

/** The signed-in user's record as the cache holds it now, for code outside React (the outbox). */
export function getCurrentUser(): User | null {
  return queryClient.getQueryData(meQuery().queryKey) ?? null;
}

/** undefined until the first record (or sign-out) is stored. */
let viewer: string | null | undefined;

/**
 * Stores the user record. When the viewer changes (sign-in, sign-out, another account), every
 * other cached read is reset, as it was read for someone else (likedByMe, private posts,
 * notifications): screens on show refetch theirs.
 */
export function setCurrentUser(user: User | null): void {
  const uid = user?.uid ?? null;
  // At start-up the viewer is the owner of the cache restored from IndexedDB (api/query-persist.ts), if any.
  const before = viewer === undefined ? queryClient.getQueryData(meQuery().queryKey)?.uid : viewer;
  const changed = before !== uid && (before !== undefined || uid !== null);
  viewer = uid;
  queryClient.setQueryData(meQuery().queryKey, user);
  if (changed) {
    // What was gone for the last viewer may be visible to this one (their own private post).
    forgetGonePoops(queryClient);
    const meKey = JSON.stringify(queryKeys.me());
    void queryClient.resetQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== meKey });
  }
}

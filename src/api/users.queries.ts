import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { SEARCH_QUERY_MAX_LENGTH } from '../../core/constants';
import { normalizeUsername } from '../../core/username';
import { withoutGonePoops } from './poop-cache';
import { keepCommentsOf } from './poops.queries';
import { queryKeys } from './query-keys';
import {
  getFollowList,
  getLeaderboards,
  getMostFollowed,
  getMostLiked,
  getMyStats,
  getPublicUser,
  getUserPoops,
  searchUsers,
} from './users.api';

/** Shared by route loaders and components (TanStack Query + Router pattern). */

export const userQuery = (uid: string) =>
  queryOptions({ queryKey: queryKeys.user(uid), queryFn: ({ signal }) => getPublicUser(uid, signal) });

export const userPoopsQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.userPoops(uid),
    // As the feed's (poops.queries.ts): an older copy keeps no post known to be gone.
    // Its posts' comments are kept with them for reading offline, as the feed's are.
    queryFn: async ({ pageParam, signal, client }) => {
      const page = withoutGonePoops(client, await getUserPoops(uid, pageParam, signal));
      keepCommentsOf(client, page.poops);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const followListQuery = (uid: string, side: 'followers' | 'followings') =>
  infiniteQueryOptions({
    queryKey: side === 'followers' ? queryKeys.followers(uid) : queryKeys.followings(uid),
    queryFn: ({ pageParam, signal }) => getFollowList(uid, side, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const mostFollowedQuery = () =>
  queryOptions({ queryKey: queryKeys.mostFollowed(), queryFn: ({ signal }) => getMostFollowed(signal) });

/** The search term as the server compares it: lowercased, trimmed, at most the query limit. */
export function searchTerm(input: string): string {
  return normalizeUsername(input).slice(0, SEARCH_QUERY_MAX_LENGTH);
}

export const searchQuery = (term: string) =>
  queryOptions({
    queryKey: queryKeys.search(term),
    queryFn: ({ signal }) => searchUsers(term, signal),
    enabled: term !== '',
  });

export const leaderboardsQuery = () =>
  queryOptions({ queryKey: queryKeys.leaderboards(), queryFn: ({ signal }) => getLeaderboards(signal) });

export const mostLikedQuery = () => queryOptions({ queryKey: queryKeys.mostLiked(), queryFn: ({ signal }) => getMostLiked(signal) });

export const statsQuery = () => queryOptions({ queryKey: queryKeys.stats(), queryFn: ({ signal }) => getMyStats(signal) });

import type { PoopListResponse, PoopPageResponse } from '../../core/poop-api';
import type {
  LeaderboardsResponse,
  PublicUser,
  PublicUserResponse,
  StatsResponse,
  UserListResponse,
  UserPageResponse,
} from '../../core/social-api';
import { apiFetch } from './api-client';

/** User pages, follow lists, leaderboards, search and personal stats (core/social-api.ts has the shapes). */

const cursorQuery = (cursor: string | null): string => (cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`);
const uidPath = (uid: string) => encodeURIComponent(uid);

export async function getPublicUser(uid: string, signal?: AbortSignal): Promise<PublicUser> {
  const { user } = await apiFetch<PublicUserResponse>(`/api/users/${uidPath(uid)}`, { signal });
  return user;
}

export function getUserPoops(uid: string, cursor: string | null, signal?: AbortSignal): Promise<PoopPageResponse> {
  return apiFetch<PoopPageResponse>(`/api/users/${uidPath(uid)}/poops${cursorQuery(cursor)}`, { signal });
}

export function getFollowList(
  uid: string,
  side: 'followers' | 'followings',
  cursor: string | null,
  signal?: AbortSignal,
): Promise<UserPageResponse> {
  return apiFetch<UserPageResponse>(`/api/users/${uidPath(uid)}/${side}${cursorQuery(cursor)}`, { signal });
}

export async function getMostFollowed(signal?: AbortSignal): Promise<PublicUser[]> {
  return (await apiFetch<UserListResponse>('/api/users/most-followed', { signal })).users;
}

export async function searchUsers(term: string, signal?: AbortSignal): Promise<PublicUser[]> {
  return (await apiFetch<UserListResponse>(`/api/users/search?q=${encodeURIComponent(term)}`, { signal })).users;
}

export function getLeaderboards(signal?: AbortSignal): Promise<LeaderboardsResponse> {
  return apiFetch<LeaderboardsResponse>('/api/leaderboards', { signal });
}

export async function getMostLiked(signal?: AbortSignal): Promise<PoopListResponse['poops']> {
  return (await apiFetch<PoopListResponse>('/api/poops/most-liked', { signal })).poops;
}

export function getMyStats(signal?: AbortSignal): Promise<StatsResponse> {
  return apiFetch<StatsResponse>('/api/me/stats', { signal });
}

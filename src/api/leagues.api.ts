import { queryOptions } from '@tanstack/react-query';
import type {
  LeagueBoardResponse,
  LeagueInviteResponse,
  LeaguesResponse,
  LeagueSummaryResponse,
  MyAchievementsResponse,
} from '../../core/league-api';
import { apiFetch } from './api-client';
import { sendOrQueue, type Queued } from './outbox';
import { queryKeys } from './query-keys';

/** Leagues and achievements (issue 44): reads as queryOptions, writes that may wait offline through the outbox. */

export const leaguesQuery = () =>
  queryOptions({ queryKey: queryKeys.leagues(), queryFn: ({ signal }) => apiFetch<LeaguesResponse>('/api/leagues', { signal }) });

export const leagueQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.league(id),
    queryFn: ({ signal }) => apiFetch<LeagueBoardResponse>(`/api/leagues/${encodeURIComponent(id)}`, { signal }),
  });

export const leagueInviteQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.leagueInvite(code),
    queryFn: ({ signal }) => apiFetch<LeagueInviteResponse>(`/api/leagues/join/${encodeURIComponent(code)}`, { signal }),
  });

export const myAchievementsQuery = () =>
  queryOptions({
    queryKey: queryKeys.achievements(),
    queryFn: ({ signal }) => apiFetch<MyAchievementsResponse>('/api/me/achievements', { signal }),
  });

/** Creates a league under an id made here, so a replay is the same league. */
export function createLeague(id: string, name: string): Promise<LeagueSummaryResponse | Queued> {
  return sendOrQueue<LeagueSummaryResponse>({
    kind: 'league-create',
    method: 'PUT',
    path: `/api/leagues/${encodeURIComponent(id)}`,
    target: id,
    body: { name },
  });
}

export function joinLeague(code: string): Promise<LeagueSummaryResponse | Queued> {
  return sendOrQueue<LeagueSummaryResponse>({
    kind: 'league-join',
    method: 'PUT',
    path: `/api/leagues/join/${encodeURIComponent(code)}`,
    target: code,
  });
}

export function leaveLeague(id: string): Promise<null | Queued> {
  return sendOrQueue<null>({
    kind: 'league-leave',
    method: 'DELETE',
    path: `/api/leagues/${encodeURIComponent(id)}/membership`,
    target: id,
  });
}

/** Owner controls: online only (they act on others, and are confirmed first). */
export function removeLeagueMember(id: string, uid: string): Promise<null> {
  return apiFetch<null>(`/api/leagues/${encodeURIComponent(id)}/members/${encodeURIComponent(uid)}`, { method: 'DELETE' });
}

export function rotateLeagueCode(id: string): Promise<LeagueSummaryResponse> {
  return apiFetch<LeagueSummaryResponse>(`/api/leagues/${encodeURIComponent(id)}/code`, { method: 'POST' });
}

/** A doctor's report was made on this device (the server counts the first one, for "First report"); queued offline. */
export function markReportMade(): Promise<MyAchievementsResponse | Queued> {
  return sendOrQueue<MyAchievementsResponse>({
    kind: 'report-made',
    method: 'POST',
    path: '/api/me/achievements/report-made',
    target: 'report',
  });
}

export function setAchievementShown(key: string, shown: boolean): Promise<MyAchievementsResponse | Queued> {
  return sendOrQueue<MyAchievementsResponse>({
    kind: 'achievement-shown',
    method: 'PUT',
    path: `/api/me/achievements/${encodeURIComponent(key)}/shown`,
    target: key,
    body: { shown },
  });
}

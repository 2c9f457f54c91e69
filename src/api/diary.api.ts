import { queryOptions } from '@tanstack/react-query';
import type { DiaryEntryBody, DiaryEntryResponse, HealthResponse } from '../../core/diary-api';
import type { DiaryQuery, DiaryResponse } from '../../core/diary-read-api';
import type { HealthDetails } from '../../core/diary';
import { apiFetch } from './api-client';
import { sendOrQueue, type Queued } from './outbox';
import { queryKeys } from './query-keys';

/** The health diary (issue 43): every call is the signed-in author's own. */

export async function getPostHealth(poopId: string, signal?: AbortSignal): Promise<HealthDetails> {
  const { details } = await apiFetch<HealthResponse>(`/api/poops/${encodeURIComponent(poopId)}/health`, { signal });
  return details;
}

/** Replaces a post's details; queued offline (a PUT, so a replay writes the same). */
export function savePostHealth(poopId: string, details: HealthDetails): Promise<HealthResponse | Queued> {
  return sendOrQueue<HealthResponse>({
    kind: 'health-update',
    method: 'PUT',
    path: `/api/poops/${encodeURIComponent(poopId)}/health`,
    target: poopId,
    body: details,
  });
}

/** Creates or replaces a diary-only entry under the id the device made; queued offline. */
export function saveDiaryEntry(id: string, body: DiaryEntryBody): Promise<DiaryEntryResponse | Queued> {
  return sendOrQueue<DiaryEntryResponse>({
    kind: 'diary-entry',
    method: 'PUT',
    path: `/api/me/diary/${encodeURIComponent(id)}`,
    target: id,
    body,
  });
}

/** The caller's own diary over the days `from`..`to` (inclusive) in the time zone `tz`. */
/** The diary over `from`..`to`: the person's own days without `tz` (core/personal-day.ts). */
export function getDiary(query: DiaryQuery, signal?: AbortSignal): Promise<DiaryResponse> {
  const search = new URLSearchParams({ from: query.from, to: query.to, ...(query.tz === undefined ? {} : { tz: query.tz }) });
  return apiFetch<DiaryResponse>(`/api/me/diary?${search.toString()}`, { signal });
}

export const postHealthQuery = (poopId: string) =>
  queryOptions({ queryKey: queryKeys.postHealth(poopId), queryFn: ({ signal }) => getPostHealth(poopId, signal) });

import { queryOptions } from '@tanstack/react-query';
import type { DiaryEntryBody, DiaryEntryResponse, DiaryListResponse, HealthResponse } from '../../core/diary-api';
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

export function getDiary(from: string, to: string, signal?: AbortSignal): Promise<DiaryListResponse> {
  return apiFetch<DiaryListResponse>(`/api/me/diary?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { signal });
}

export const postHealthQuery = (poopId: string) =>
  queryOptions({ queryKey: queryKeys.postHealth(poopId), queryFn: ({ signal }) => getPostHealth(poopId, signal) });

export const diaryQuery = (from: string, to: string) =>
  queryOptions({ queryKey: queryKeys.diaryRange(from, to), queryFn: ({ signal }) => getDiary(from, to, signal) });

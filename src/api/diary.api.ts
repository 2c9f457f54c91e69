import type { DiaryQuery, DiaryResponse } from '../../core/diary-read-api';
import { apiFetch } from './api-client';

/** The caller's own diary over the days `from`..`to` (inclusive) in the time zone `tz`. */
export function getDiary(query: Required<DiaryQuery>, signal?: AbortSignal): Promise<DiaryResponse> {
  const search = new URLSearchParams({ from: query.from, to: query.to, tz: query.tz });
  return apiFetch<DiaryResponse>(`/api/me/diary?${search.toString()}`, { signal });
}

import { queryOptions } from '@tanstack/react-query';
import type { DataExportResponse } from '../../core/data-export-api';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** How often the screen asks again while the archive is being prepared. */
const PENDING_POLL_MS = 3_000;

export function getDataExport(signal?: AbortSignal): Promise<DataExportResponse> {
  return apiFetch<DataExportResponse>('/api/me/exports', { signal });
}

/** Asks for a new archive (or answers the one being prepared). */
export function requestDataExport(): Promise<DataExportResponse> {
  return apiFetch<DataExportResponse>('/api/me/exports', { method: 'POST' });
}

/** The newest archive's state, polled while it is being prepared. */
export const dataExportQuery = () =>
  queryOptions({
    queryKey: queryKeys.dataExport(),
    queryFn: ({ signal }) => getDataExport(signal),
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? PENDING_POLL_MS : false),
  });

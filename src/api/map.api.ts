import type { MapPageResponse } from '../../core/map-api';
import type { Viewport } from '../../core/map-cover';
import { apiFetch } from './api-client';

/** One page of GET /api/map for a viewport (core/map-api.ts has the shapes). */
export function getMapPage(viewport: Viewport, cursor: string | null, signal?: AbortSignal): Promise<MapPageResponse> {
  const query = new URLSearchParams({
    west: String(viewport.west),
    south: String(viewport.south),
    east: String(viewport.east),
    north: String(viewport.north),
  });
  if (cursor !== null) query.set('cursor', cursor);
  return apiFetch<MapPageResponse>(`/api/map?${query}`, { signal });
}

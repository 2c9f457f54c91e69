import type { MapPageResponse, OwnMapPlacesResponse } from '../../core/map-api';
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

/** The caller's own hidden cells and located posts per cell (GET /api/map/places). */
export function getOwnMapPlaces(signal?: AbortSignal): Promise<OwnMapPlacesResponse> {
  return apiFetch<OwnMapPlacesResponse>('/api/map/places', { signal });
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MAP_MAX_PAGES } from '../../core/constants';
import type { MapPost } from '../../core/map-api';
import type { Viewport } from '../../core/map-cover';
import { getMapPage, getOwnMapPlaces } from './map.api';
import { queryKeys } from './query-keys';

/**
 * The map's posts in a (snapped) viewport: up to MAP_MAX_PAGES pages read at once, since the map
 * clusters them all. Kept in the persisted query cache, so the last view shows offline.
 */
export const mapPostsQuery = (viewport: Viewport) =>
  queryOptions({
    queryKey: queryKeys.map(viewport),
    queryFn: async ({ signal }): Promise<MapPost[]> => {
      const posts: MapPost[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MAP_MAX_PAGES; page += 1) {
        const answer = await getMapPage(viewport, cursor, signal);
        posts.push(...answer.posts);
        cursor = answer.nextCursor;
        if (cursor === null) break;
      }
      return posts;
    },
    // Panning keeps the markers shown until the next view's answer replaces them.
    placeholderData: keepPreviousData,
  });

/**
 * The caller's own hidden cells and located posts per cell, from which the create screen tells
 * whether a post at a place will be hidden from others (core/map-privacy.ts `hiddenFromOthers`).
 */
export const ownMapPlacesQuery = () =>
  queryOptions({
    queryKey: queryKeys.ownMapPlaces(),
    queryFn: ({ signal }) => getOwnMapPlaces(signal),
  });

import { MAP_PAGE_SIZE } from '../../core/constants';
import type { MapPageResponse, MapPost, MapQuery } from '../../core/map-api';
import { coverViewport, viewportContains, type Viewport } from '../../core/map-cover';
import { mapPositionFor, pickHomeArea } from '../../core/map-privacy';
import { POOP_MESSAGES } from '../../core/messages';
import type { PoopType } from '../../core/poop';
import { toPoopDate } from '../../core/poop-date';
import { ValidationError } from '../errors';
import type { MapPosition, MapRepository } from '../repositories/map.repository';

const MAP_CURSOR = /^([0-9b-hjkmnp-z]{1,6})\.([0-9a-f]{32})$/;

function encodeMapCursor(position: MapPosition): string {
  return `${position.cell}.${position.id.replace(/-/g, '')}`;
}

function decodeMapCursor(cursor: string | undefined): MapPosition | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const match = MAP_CURSOR.exec(cursor);
  if (!match) throw new ValidationError(POOP_MESSAGES.badCursor);
  const hex = match[2]!;
  return { cell: match[1]!, id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
}

/**
 * The map query (spec section 7): the viewport's geohash prefix ranges, eligible posts only, in
 * pages of at most MAP_PAGE_MAX, each position as core/map-privacy.ts lets the caller see it.
 * The cursor holds only the coarse cell, never a finer position.
 */
export class MapService {
  constructor(private readonly map: MapRepository) {}

  async page(query: MapQuery, viewerUid: string | undefined): Promise<MapPageResponse> {
    const viewport: Viewport = { west: query.west, south: query.south, east: query.east, north: query.north };
    const limit = query.limit ?? MAP_PAGE_SIZE;
    const ranges = coverViewport(viewport);
    const cursor = decodeMapCursor(query.cursor);
    // A viewport that covers no cell (e.g. a south edge north of the north edge) has nothing to list;
    // an empty set of ranges is not valid SQL.
    if (ranges.length === 0) return { posts: [], nextCursor: null };
    const rows = await this.map.listInRanges(ranges, cursor, limit + 1);
    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    const nextCursor = rows.length > limit && last ? encodeMapCursor({ cell: last.cell, id: last.id }) : null;

    const authors = [...new Set(pageRows.filter((row) => row.uid !== viewerUid).map((row) => row.uid))];
    const areas = await this.map.postingAreas(authors);
    const posts: MapPost[] = [];
    for (const row of pageRows) {
      const position = mapPositionFor(row, viewerUid, pickHomeArea(areas.get(row.uid) ?? []));
      if (!position || !viewportContains(viewport, position.latitude, position.longitude)) continue;
      posts.push({
        id: row.id,
        uid: row.uid,
        username: row.username,
        userPhotoURL: row.userPhotoUrl,
        type: row.type as PoopType,
        createdDate: toPoopDate(row.createdDate),
        placeholder: row.placeholder,
        ...position,
      });
    }
    return { posts, nextCursor };
  }
}

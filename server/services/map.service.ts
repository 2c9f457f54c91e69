import { MAP_PAGE_SIZE } from '../../core/constants';
import type { MapPageResponse, MapPost, MapQuery, OwnMapPlacesResponse } from '../../core/map-api';
import { coverViewport, viewportContains, type Viewport } from '../../core/map-cover';
import { mapPositionFor, postsByHomeCell } from '../../core/map-privacy';
import { POOP_MESSAGES } from '../../core/messages';
import type { PoopType } from '../../core/poop';
import { toPoopDate } from '../../core/poop-date';
import { ValidationError } from '../errors';
import type { MapPosition, MapRepository, MapRow } from '../repositories/map.repository';

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
 * Posts the caller may not see are left out by the query itself, before the page is cut, and the
 * cursor is the last post of the page (its ~1 km cell and id, both in the answer): nothing in an
 * answer comes from a post the caller was not sent.
 */
export class MapService {
  constructor(private readonly map: MapRepository) {}

  async page(query: MapQuery, viewerUid: string): Promise<MapPageResponse> {
    const viewport: Viewport = { west: query.west, south: query.south, east: query.east, north: query.north };
    const limit = query.limit ?? MAP_PAGE_SIZE;
    const ranges = coverViewport(viewport);
    let after = decodeMapCursor(query.cursor);
    // A viewport that covers no cell (e.g. a south edge north of the north edge) has nothing to list;
    // an empty set of ranges is not valid SQL.
    if (ranges.length === 0) return { posts: [], nextCursor: null };

    // The ranges' cells may reach past the viewport, and a marker outside it is not sent: read on
    // until the page has one post more than `limit` (there is a next page) or the ranges end.
    const page: Array<{ row: MapRow; post: MapPost }> = [];
    let more = false;
    const batch = limit + 1;
    for (;;) {
      const rows = await this.map.listInRanges(ranges, after, viewerUid, batch);
      for (const row of rows) {
        const post = toMapPost(row, viewerUid);
        if (!viewportContains(viewport, post.latitude, post.longitude)) continue;
        if (page.length === limit) {
          more = true;
          break;
        }
        page.push({ row, post });
      }
      const last = rows.at(-1);
      if (more || rows.length < batch || !last) break;
      after = { cell: last.cell, id: last.id };
    }
    const last = page.at(-1);
    return {
      posts: page.map((entry) => entry.post),
      nextCursor: more && last ? encodeMapCursor({ cell: last.row.cell, id: last.row.id }) : null,
    };
  }

  /** The caller's own hidden cells and located posts per cell: what the create screen predicts from. */
  async ownPlaces(uid: string): Promise<OwnMapPlacesResponse> {
    const { hiddenCells, geohashes } = await this.map.ownPlaces(uid);
    return { hiddenCells, postsByCell: postsByHomeCell(geohashes) };
  }
}

function toMapPost(row: MapRow, viewerUid: string): MapPost {
  return {
    id: row.id,
    uid: row.uid,
    username: row.username,
    userPhotoURL: row.userPhotoUrl,
    type: row.type as PoopType,
    createdDate: toPoopDate(row.createdDate),
    placeholder: row.placeholder,
    ...mapPositionFor(row, viewerUid),
  };
}

import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { MAP_COARSE_GEOHASH_PRECISION } from '../../core/constants';
import type { GeohashRange } from '../../core/map-cover';
import type { Db } from '../db/database';
import { publicPoopSql } from '../db/poop-visibility';
import { mapHiddenCells, poops } from '../db/schema';

/** A post as the map reads it (exact position; the service decides what the caller may see). */
export interface MapRow {
  id: string;
  uid: string;
  username: string;
  userPhotoUrl: string;
  type: string;
  createdDate: Date;
  placeholder: string;
  geohash: string;
  latitude: number;
  longitude: number;
  /** The ~1 km cell: the keyset's first column. */
  cell: string;
}

/** Where a page continues: after this (cell, id). */
export interface MapPosition {
  cell: string;
  id: string;
}

/** As both drivers answer: timestamps as Date (pg) or string (PGlite), doubles possibly as text. */
interface RawMapRow {
  id: string;
  uid: string;
  username: string;
  user_photo_url: string;
  type: string;
  created_date: string | Date;
  placeholder: string;
  geohash: string;
  latitude: number | string;
  longitude: number | string;
  cell: string;
}

const CELL = sql.raw(`left(geohash, ${MAP_COARSE_GEOHASH_PRECISION}) COLLATE "C"`);

/** The map's posts by geohash prefix ranges (poops_map_idx). */
export class MapRepository {
  constructor(private readonly db: Db) {}

  /**
   * Approved, not deleted, not private, showInMap posts whose geohash falls in one of `ranges`
   * (prefixes of at most MAP_COARSE_GEOHASH_PRECISION characters), ordered by (cell, id), that
   * `viewerUid` may see on the map: none in a hidden cell of its author (`place_hidden`, see
   * core/map-privacy.ts) unless the viewer is that author. The rule filters before the LIMIT, so a
   * page and its keyset never reach a row the viewer may not see.
   */
  async listInRanges(ranges: readonly GeohashRange[], after: MapPosition | undefined, viewerUid: string, limit: number): Promise<MapRow[]> {
    const inRanges = sql.join(
      ranges.map((range) => {
        const from = sql`${CELL} >= ${range.from}`;
        return range.to === null ? sql`(${from})` : sql`(${from} AND ${CELL} < ${range.to})`;
      }),
      sql` OR `,
    );
    const keyset: SQL = after ? sql`AND (${CELL}, id) > (${after.cell}::text COLLATE "C", ${after.id}::uuid)` : sql``;
    const result = await this.db.execute(sql`
      SELECT id, uid, username, user_photo_url, type, created_date, placeholder, geohash, latitude, longitude,
             ${CELL} AS cell
      FROM poops
      WHERE ${publicPoopSql()} AND show_in_map AND geohash <> ''
        AND latitude IS NOT NULL AND longitude IS NOT NULL
        AND (NOT place_hidden OR uid = ${viewerUid})
        AND (${inRanges}) ${keyset}
      ORDER BY ${CELL}, id
      LIMIT ${limit}`);
    return (result as { rows: RawMapRow[] }).rows.map((row) => ({
      id: row.id,
      uid: row.uid,
      username: row.username,
      userPhotoUrl: row.user_photo_url,
      type: row.type,
      createdDate: new Date(row.created_date),
      placeholder: row.placeholder,
      geohash: row.geohash,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      cell: row.cell,
    }));
  }

  /** The user's hidden cells, and the geohash of each of their located posts (deleted ones too). */
  async ownPlaces(uid: string): Promise<{ hiddenCells: string[]; geohashes: string[] }> {
    const hidden = await this.db.select({ cell: mapHiddenCells.cell }).from(mapHiddenCells).where(eq(mapHiddenCells.uid, uid));
    const posts = await this.db
      .select({ geohash: poops.geohash })
      .from(poops)
      .where(and(eq(poops.uid, uid), ne(poops.geohash, '')));
    return { hiddenCells: hidden.map((row) => row.cell).sort(), geohashes: posts.map((row) => row.geohash) };
  }
}

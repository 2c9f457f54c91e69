import { sql, type SQL } from 'drizzle-orm';
import { MAP_COARSE_GEOHASH_PRECISION, MAP_HOME_GEOHASH_PRECISION } from '../../core/constants';
import type { GeohashRange } from '../../core/map-cover';
import type { HomeAreaCount } from '../../core/map-privacy';
import type { Db } from '../db/database';

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

/** The map's posts by geohash prefix ranges (poops_map_idx), and each author's posting areas. */
export class MapRepository {
  constructor(private readonly db: Db) {}

  /**
   * Approved, not deleted, not private, showInMap posts whose geohash falls in one of `ranges`
   * (prefixes of at most MAP_COARSE_GEOHASH_PRECISION characters), ordered by (cell, id).
   */
  async listInRanges(ranges: readonly GeohashRange[], after: MapPosition | undefined, limit: number): Promise<MapRow[]> {
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
      WHERE status = 'approved' AND NOT deleted AND NOT private AND show_in_map AND geohash <> ''
        AND latitude IS NOT NULL AND longitude IS NOT NULL
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

  /**
   * For each author, how many of their located posts (any status or privacy, not deleted) fall
   * in each ~5 km cell, and when they last posted there: what their home area is chosen from.
   */
  async postingAreas(uids: readonly string[]): Promise<Map<string, HomeAreaCount[]>> {
    const areas = new Map<string, HomeAreaCount[]>();
    if (uids.length === 0) return areas;
    const result = await this.db.execute(sql`
      SELECT uid, left(geohash, ${MAP_HOME_GEOHASH_PRECISION}) AS cell, count(*) AS count, max(created_date) AS latest
      FROM poops
      WHERE uid IN (${sql.join(
        uids.map((uid) => sql`${uid}`),
        sql`, `,
      )}) AND NOT deleted AND geohash <> ''
      GROUP BY uid, cell`);
    const rows = (result as { rows: Array<{ uid: string; cell: string; count: number | string; latest: string | Date }> }).rows;
    for (const row of rows) {
      const list = areas.get(row.uid) ?? [];
      list.push({ cell: row.cell, count: Number(row.count), latest: new Date(row.latest).getTime() });
      areas.set(row.uid, list);
    }
    return areas;
  }
}

import ngeohash from 'ngeohash';
import { MAP_COARSE_GEOHASH_PRECISION, MAP_HOME_GEOHASH_PRECISION } from './constants';

/**
 * Where the map may show another user's post. Photos are health data and a location can reveal
 * a home, so the rule has two parts, both simple to say:
 * 1. Others never see a post's exact position: only its ~1 km geohash cell
 *    (MAP_COARSE_GEOHASH_PRECISION characters), with the marker at the cell's centre.
 * 2. Hidden cells: once a ~5 km cell (MAP_HOME_GEOHASH_PRECISION characters) has been the author's
 *    "home area", the cell where they have posted most (`becomesHomeArea`), it stays hidden from
 *    others for good: its posts are left off others' maps and show them no place name. Every
 *    located post counts, private, pending and deleted ones too, and a cell never stops being
 *    hidden, so whatever the author does next only ever hides more.
 * The author sees their own posts where they were made. Every other route (feed, post page,
 * profile, most liked) sends no position of another user's post at all. The server keeps each
 * user's hidden cells (map_hidden_cells) and filters with them before paging
 * (server/repositories/map.repository.ts).
 */

export interface CoarsePosition {
  geohash: string;
  latitude: number;
  longitude: number;
}

/** The cell others see a post in, and its centre. `geohash` is the post's full geohash. */
export function coarsePosition(geohash: string): CoarsePosition {
  const cell = geohash.slice(0, MAP_COARSE_GEOHASH_PRECISION);
  const { latitude, longitude } = ngeohash.decode(cell);
  return { geohash: cell, latitude, longitude };
}

/** The ~5 km cell a post's geohash lies in (the home-area precision), or undefined without a place. */
export function homeCell(geohash: string): string | undefined {
  return geohash.length >= MAP_HOME_GEOHASH_PRECISION ? geohash.slice(0, MAP_HOME_GEOHASH_PRECISION) : undefined;
}

/**
 * Whether a new post makes its cell the author's home area: counting that post, the cell holds
 * at least as many of the author's located posts as any other (a tie goes to the cell just
 * posted in). `postsByCell` counts the author's located posts per home cell, the new one included.
 */
export function becomesHomeArea(postsByCell: ReadonlyMap<string, number>, cell: string): boolean {
  const here = postsByCell.get(cell) ?? 0;
  if (here === 0) return false;
  for (const count of postsByCell.values()) if (count > here) return false;
  return true;
}

/** What the author's device knows of their places: their hidden cells and located posts per cell. */
export interface OwnMapPlaces {
  hiddenCells: readonly string[];
  postsByCell: ReadonlyArray<{ cell: string; posts: number }>;
}

/** The author's located posts per home cell, from their posts' geohashes ('' for a post without a place). */
export function postsByHomeCell(geohashes: Iterable<string>): Array<{ cell: string; posts: number }> {
  const counts = new Map<string, number>();
  for (const geohash of geohashes) {
    const cell = homeCell(geohash);
    if (cell !== undefined) counts.set(cell, (counts.get(cell) ?? 0) + 1);
  }
  return [...counts].map(([cell, posts]) => ({ cell, posts }));
}

/**
 * Whether a post the author is about to make at `geohash` will be hidden from others (left off
 * their maps, its place name with it): its cell is hidden already, or this post makes it the home area.
 */
export function hiddenFromOthers(places: OwnMapPlaces, geohash: string): boolean {
  const cell = homeCell(geohash);
  if (cell === undefined) return false;
  if (places.hiddenCells.includes(cell)) return true;
  const counts = new Map(places.postsByCell.map((entry) => [entry.cell, entry.posts]));
  counts.set(cell, (counts.get(cell) ?? 0) + 1);
  return becomesHomeArea(counts, cell);
}

/**
 * The position a viewer may see of a post on the map: exact for its author, the coarse cell for
 * everyone else. (Posts in hidden cells never reach others: the map's query leaves them out.)
 */
export function mapPositionFor(
  post: { uid: string; geohash: string; latitude: number; longitude: number },
  viewerUid: string | undefined,
): CoarsePosition & { exact: boolean } {
  if (viewerUid !== undefined && viewerUid === post.uid) {
    return { geohash: post.geohash, latitude: post.latitude, longitude: post.longitude, exact: true };
  }
  return { ...coarsePosition(post.geohash), exact: false };
}

import ngeohash from 'ngeohash';
import { MAP_COARSE_GEOHASH_PRECISION, MAP_HOME_GEOHASH_PRECISION } from './constants';

/**
 * Where the map may show another user's post. Photos are health data and a location can reveal
 * a home, so the rule has two parts, both simple to say:
 * 1. Others never see a post's exact position: only its ~1 km geohash cell
 *    (MAP_COARSE_GEOHASH_PRECISION characters), with the marker at the cell's centre.
 * 2. Posts in the author's "home area" (the ~5 km cell, MAP_HOME_GEOHASH_PRECISION characters,
 *    where they have posted most often; on a tie, the one they posted in last) are left off
 *    others' maps altogether.
 * The author sees their own posts where they were made. Every other route (feed, post page,
 * profile, most liked) sends no position of another user's post at all.
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

/** One of an author's located posts, as the home-area rule counts it. */
export interface LocatedPost {
  geohash: string;
  createdAt: number;
}

/** How many of an author's located posts fall in one home-precision cell, and when they last posted there. */
export interface HomeAreaCount {
  cell: string;
  count: number;
  latest: number;
}

/** The home area among counted cells: the most posts; on a tie, the cell posted in most recently. */
export function pickHomeArea(counts: Iterable<HomeAreaCount>): string | undefined {
  let best: HomeAreaCount | undefined;
  for (const entry of counts) {
    if (!best || entry.count > best.count || (entry.count === best.count && entry.latest > best.latest)) best = entry;
  }
  return best?.cell;
}

/**
 * The author's home area: the MAP_HOME_GEOHASH_PRECISION cell holding most of their located
 * posts (ties: the cell posted in most recently); undefined without located posts.
 */
export function homeArea(posts: readonly LocatedPost[]): string | undefined {
  const cells = new Map<string, HomeAreaCount>();
  for (const post of posts) {
    if (post.geohash.length < MAP_HOME_GEOHASH_PRECISION) continue;
    const cell = post.geohash.slice(0, MAP_HOME_GEOHASH_PRECISION);
    const entry = cells.get(cell) ?? { cell, count: 0, latest: -Infinity };
    entry.count += 1;
    entry.latest = Math.max(entry.latest, post.createdAt);
    cells.set(cell, entry);
  }
  return pickHomeArea(cells.values());
}

/** Whether a post (its full geohash) lies in its author's home area. */
export function inHomeArea(geohash: string, home: string | undefined): boolean {
  return home !== undefined && geohash.startsWith(home);
}

/**
 * The position a viewer may see of a post on the map: exact for its author, the coarse cell for
 * everyone else, or null (left off the map) when it lies in the author's home area.
 */
export function mapPositionFor(
  post: { uid: string; geohash: string; latitude: number; longitude: number },
  viewerUid: string | undefined,
  authorHome: string | undefined,
): (CoarsePosition & { exact: boolean }) | null {
  if (viewerUid !== undefined && viewerUid === post.uid) {
    return { geohash: post.geohash, latitude: post.latitude, longitude: post.longitude, exact: true };
  }
  if (inHomeArea(post.geohash, authorHome)) return null;
  return { ...coarsePosition(post.geohash), exact: false };
}

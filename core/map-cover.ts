import ngeohash from 'ngeohash';
import { MAP_COARSE_GEOHASH_PRECISION, MAP_COVER_MAX_CELLS } from './constants';

/** A viewport in degrees. `west > east` means it crosses the antimeridian; latitudes are clamped to ±90. */
export interface Viewport {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Geohashes from `from` (inclusive) to `to` (exclusive; null: to the end), in the geohash alphabet's order. */
export interface GeohashRange {
  from: string;
  to: string | null;
}

const ALPHABET = '0123456789bcdefghjkmnpqrstuvwxyz';

/** The first geohash after every geohash starting with `prefix` (null after the last cell, 'zz...'). */
export function prefixEnd(prefix: string): string | null {
  for (let i = prefix.length - 1; i >= 0; i -= 1) {
    const next = ALPHABET.indexOf(prefix[i]!) + 1;
    if (next < ALPHABET.length) return prefix.slice(0, i) + ALPHABET[next];
  }
  return null;
}

/** Width and height in degrees of a geohash cell of `precision` characters. */
function cellSize(precision: number): { width: number; height: number } {
  const bits = 5 * precision;
  return { width: 360 / 2 ** Math.ceil(bits / 2), height: 180 / 2 ** Math.floor(bits / 2) };
}

/** The longitude spans of a viewport on [-180, 180]: two when it crosses the antimeridian, the world when wider. */
function longitudeSpans(viewport: Viewport): Array<[number, number]> {
  let width = viewport.east - viewport.west;
  if (width < 0) width += 360; // west > east: crosses the antimeridian
  if (width >= 360 || !Number.isFinite(width)) return [[-180, 180]];
  const west = ((((viewport.west + 180) % 360) + 360) % 360) - 180;
  const east = west + width;
  return east <= 180
    ? [[west, east]]
    : [
        [west, 180],
        [-180, east - 360],
      ];
}

const clampLatitude = (latitude: number) => Math.max(-90, Math.min(90, latitude));

/** Index of the cell holding `value` on an axis starting at `origin`, the last cell for the axis' end. */
function cellIndex(value: number, origin: number, size: number, count: number): number {
  return Math.min(count - 1, Math.max(0, Math.floor((value - origin) / size)));
}

/** The geohash cells of `precision` characters that a viewport touches. */
function cellsAt(viewport: Viewport, precision: number): string[] {
  const { width, height } = cellSize(precision);
  const columns = Math.round(360 / width);
  const rows = Math.round(180 / height);
  const south = clampLatitude(Math.min(viewport.south, viewport.north));
  const north = clampLatitude(Math.max(viewport.south, viewport.north));
  const firstRow = cellIndex(south, -90, height, rows);
  const lastRow = cellIndex(north, -90, height, rows);
  const cells = new Set<string>();
  for (const [west, east] of longitudeSpans(viewport)) {
    const firstColumn = cellIndex(west, -180, width, columns);
    const lastColumn = cellIndex(east, -180, width, columns);
    for (let column = firstColumn; column <= lastColumn; column += 1) {
      for (let row = firstRow; row <= lastRow; row += 1) {
        cells.add(ngeohash.encode(-90 + (row + 0.5) * height, -180 + (column + 0.5) * width, precision));
      }
    }
  }
  return [...cells];
}

/** How many cells of `precision` a viewport touches, without listing them. */
function cellCount(viewport: Viewport, precision: number): number {
  const { width, height } = cellSize(precision);
  const columns = Math.round(360 / width);
  const rows = Math.round(180 / height);
  const south = clampLatitude(Math.min(viewport.south, viewport.north));
  const north = clampLatitude(Math.max(viewport.south, viewport.north));
  const rowCount = cellIndex(north, -90, height, rows) - cellIndex(south, -90, height, rows) + 1;
  let columnCount = 0;
  for (const [west, east] of longitudeSpans(viewport)) {
    columnCount += cellIndex(east, -180, width, columns) - cellIndex(west, -180, width, columns) + 1;
  }
  return rowCount * columnCount;
}

/**
 * Geohash prefix ranges that together cover a viewport: the cells of the finest precision (at
 * most MAP_COARSE_GEOHASH_PRECISION, so a query never reveals more than the coarse cell) that
 * needs at most `maxCells` cells, sorted, with neighbours in geohash order merged into one range.
 * A viewport as wide as the world (or wider) is one range over everything.
 */
export function coverViewport(viewport: Viewport, maxCells: number = MAP_COVER_MAX_CELLS): GeohashRange[] {
  let precision = MAP_COARSE_GEOHASH_PRECISION;
  while (precision > 1 && cellCount(viewport, precision) > maxCells) precision -= 1;
  if (cellCount(viewport, precision) > maxCells) return [{ from: '', to: null }];
  const cells = cellsAt(viewport, precision).sort();
  const ranges: GeohashRange[] = [];
  for (const cell of cells) {
    const last = ranges.at(-1);
    if (last && last.to === cell) last.to = prefixEnd(cell);
    else ranges.push({ from: cell, to: prefixEnd(cell) });
  }
  return ranges;
}

/** Whether a point lies in a viewport (the antimeridian and wider-than-the-world viewports included). */
export function viewportContains(viewport: Viewport, latitude: number, longitude: number): boolean {
  const south = Math.min(viewport.south, viewport.north);
  const north = Math.max(viewport.south, viewport.north);
  if (latitude < south || latitude > north) return false;
  return longitudeSpans(viewport).some(([west, east]) => longitude >= west && longitude <= east);
}

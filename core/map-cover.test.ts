import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { MAP_COARSE_GEOHASH_PRECISION, MAP_COVER_MAX_CELLS } from './constants';
import { coverViewport, prefixEnd, viewportContains, type GeohashRange, type Viewport } from './map-cover';

/** Whether a full geohash falls in one of the ranges. */
const covered = (ranges: GeohashRange[], geohash: string) =>
  ranges.some((range) => geohash >= range.from && (range.to === null || geohash < range.to));

/** Points on a grid over the viewport (the antimeridian wrapped). */
function gridPoints(viewport: Viewport, steps = 12): Array<[number, number]> {
  let width = viewport.east - viewport.west;
  if (width < 0) width += 360;
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i += 1) {
    for (let j = 0; j <= steps; j += 1) {
      const latitude = viewport.south + ((viewport.north - viewport.south) * i) / steps;
      let longitude = viewport.west + (Math.min(width, 360) * j) / steps;
      if (longitude > 180) longitude -= 360;
      points.push([Math.max(-90, Math.min(90, latitude)), Math.max(-180, Math.min(180, longitude))]);
    }
  }
  return points;
}

function expectCovers(viewport: Viewport) {
  const ranges = coverViewport(viewport);
  for (const [latitude, longitude] of gridPoints(viewport)) {
    expect(covered(ranges, ngeohash.encode(latitude, longitude, 10)), `${latitude},${longitude}`).toBe(true);
  }
  return ranges;
}

describe('coverViewport', () => {
  it('covers a city viewport with few ranges of cells no finer than the coarse cell', () => {
    const paris: Viewport = { west: 2.25, south: 48.81, east: 2.42, north: 48.9 };
    const ranges = expectCovers(paris);
    expect(ranges.length).toBeLessThanOrEqual(MAP_COVER_MAX_CELLS);
    for (const range of ranges) expect(range.from.length).toBeLessThanOrEqual(MAP_COARSE_GEOHASH_PRECISION);
    // Far away points are not covered.
    expect(covered(ranges, ngeohash.encode(40.7, -74, 10))).toBe(false);
    expect(covered(ranges, ngeohash.encode(48.85, 3.5, 10))).toBe(false);
  });

  it('covers a street-level viewport with the coarse cell around it, never finer', () => {
    const ranges = expectCovers({ west: 2.3499, south: 48.8599, east: 2.3501, north: 48.8601 });
    expect(ranges).toEqual([{ from: ngeohash.encode(48.86, 2.35, 6), to: prefixEnd(ngeohash.encode(48.86, 2.35, 6)) }]);
  });

  it('covers both sides of the antimeridian (west > east) and not the rest of the world', () => {
    const fiji: Viewport = { west: 177, south: -20, east: -178, north: -15 };
    const ranges = expectCovers(fiji);
    expect(covered(ranges, ngeohash.encode(-17.7, 178.4, 10))).toBe(true);
    expect(covered(ranges, ngeohash.encode(-17.7, -179.5, 10))).toBe(true);
    expect(covered(ranges, ngeohash.encode(-17.7, 0, 10))).toBe(false);
    expect(covered(ranges, ngeohash.encode(-17.7, 170, 10))).toBe(false);
  });

  it('takes longitudes past 180 (a map panned across the antimeridian) as the same place', () => {
    expect(coverViewport({ west: 177, south: -20, east: 182, north: -15 })).toEqual(
      coverViewport({ west: 177, south: -20, east: -178, north: -15 }),
    );
  });

  it('covers the poles, latitudes beyond ±90 clamped', () => {
    const north = expectCovers({ west: -30, south: 80, east: 30, north: 95 });
    expect(covered(north, ngeohash.encode(90, 0, 10))).toBe(true);
    expect(covered(north, ngeohash.encode(70, 0, 10))).toBe(false);
    const south = expectCovers({ west: -180, south: -100, east: 180, north: -85 });
    expect(covered(south, ngeohash.encode(-90, 179.9, 10))).toBe(true);
    expect(covered(south, ngeohash.encode(-60, 0, 10))).toBe(false);
  });

  it('is one range over everything for a viewport as wide as the world or wider', () => {
    expect(coverViewport({ west: -180, south: -90, east: 180, north: 90 })).toEqual([{ from: '0', to: null }]);
    expect(coverViewport({ west: -500, south: -85, east: 400, north: 85 })).toEqual([{ from: '0', to: null }]);
  });

  it('never needs more than the cell budget, whatever the zoom', () => {
    for (const span of [0.001, 0.05, 1, 7, 40, 120, 300]) {
      const ranges = expectCovers({ west: 10, south: 20, east: 10 + span, north: 20 + span / 2 });
      expect(ranges.length).toBeLessThanOrEqual(MAP_COVER_MAX_CELLS);
    }
  });
});

describe('prefixEnd', () => {
  it('is the next prefix in the alphabet, carrying past z', () => {
    expect(prefixEnd('u09')).toBe('u0b');
    expect(prefixEnd('u0z')).toBe('u1');
    expect(prefixEnd('zz')).toBeNull();
  });
});

describe('viewportContains', () => {
  it('knows the antimeridian and the world', () => {
    expect(viewportContains({ west: 177, south: -20, east: -178, north: -15 }, -17, 179)).toBe(true);
    expect(viewportContains({ west: 177, south: -20, east: -178, north: -15 }, -17, 0)).toBe(false);
    expect(viewportContains({ west: -400, south: -90, east: 400, north: 90 }, 10, 123)).toBe(true);
  });
});

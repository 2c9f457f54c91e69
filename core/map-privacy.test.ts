import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { MAP_COARSE_GEOHASH_PRECISION } from './constants';
import { coarsePosition, homeArea, inHomeArea, mapPositionFor } from './map-privacy';

const home = { latitude: 45.4642, longitude: 9.19 }; // Milan
const away = { latitude: 48.8566, longitude: 2.3522 }; // Paris
const at = (place: { latitude: number; longitude: number }, createdAt = 0, dLat = 0) => ({
  geohash: ngeohash.encode(place.latitude + dLat, place.longitude, 10),
  createdAt,
});

describe('coarsePosition', () => {
  it('is the ~1 km cell with its centre, within a cell of the exact point and never equal to it', () => {
    const exact = ngeohash.encode(away.latitude, away.longitude, 10);
    const coarse = coarsePosition(exact);
    expect(coarse.geohash).toBe(exact.slice(0, MAP_COARSE_GEOHASH_PRECISION));
    const [south, west, north, east] = ngeohash.decode_bbox(coarse.geohash);
    expect(coarse.latitude).toBeCloseTo((south + north) / 2, 9);
    expect(coarse.longitude).toBeCloseTo((west + east) / 2, 9);
    expect(north - south).toBeLessThan(0.01); // ~0.6 km
    expect(east - west).toBeLessThan(0.02); // ~1.2 km at the equator
    expect([coarse.latitude, coarse.longitude]).not.toEqual([away.latitude, away.longitude]);
  });

  it('puts two posts of the same cell at the same point', () => {
    const a = coarsePosition(ngeohash.encode(48.85661, 2.35221, 10));
    const b = coarsePosition(ngeohash.encode(48.85669, 2.35229, 10));
    expect(a).toEqual(b);
  });
});

describe('homeArea', () => {
  it('is the ~5 km cell where the author posts most', () => {
    const posts = [at(home, 1), at(home, 2, 0.001), at(away, 3)];
    expect(homeArea(posts)).toBe(posts[0]!.geohash.slice(0, 5));
    expect(inHomeArea(posts[1]!.geohash, homeArea(posts))).toBe(true);
    expect(inHomeArea(posts[2]!.geohash, homeArea(posts))).toBe(false);
  });

  it('breaks a tie by the cell posted in most recently, and is undefined without located posts', () => {
    expect(homeArea([at(home, 5), at(away, 9)])).toBe(at(away).geohash.slice(0, 5));
    expect(homeArea([at(home, 9), at(away, 5)])).toBe(at(home).geohash.slice(0, 5));
    expect(homeArea([])).toBeUndefined();
    expect(homeArea([{ geohash: '', createdAt: 1 }])).toBeUndefined();
  });
});

describe('mapPositionFor', () => {
  const post = (place: { latitude: number; longitude: number }) => ({
    uid: 'author',
    geohash: ngeohash.encode(place.latitude, place.longitude, 10),
    ...place,
  });
  const authorHome = at(home).geohash.slice(0, 5);

  it('is exact for the author, even at home', () => {
    expect(mapPositionFor(post(home), 'author', authorHome)).toMatchObject({ ...home, exact: true });
  });

  it('is the coarse cell for anyone else, signed in or not', () => {
    for (const viewer of ['someone', undefined]) {
      const position = mapPositionFor(post(away), viewer, authorHome);
      expect(position).toEqual({ ...coarsePosition(post(away).geohash), exact: false });
      expect(position?.latitude).not.toBe(away.latitude);
    }
  });

  it("leaves posts in the author's home area off others' maps", () => {
    expect(mapPositionFor(post(home), 'someone', authorHome)).toBeNull();
    expect(mapPositionFor(post(home), undefined, authorHome)).toBeNull();
  });
});

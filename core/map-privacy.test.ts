import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { MAP_COARSE_GEOHASH_PRECISION } from './constants';
import { becomesHomeArea, coarsePosition, hiddenFromOthers, homeCell, mapPositionFor, postsByHomeCell } from './map-privacy';

const home = { latitude: 45.4642, longitude: 9.19 }; // Milan
const away = { latitude: 48.8566, longitude: 2.3522 }; // Paris
const hash = (place: { latitude: number; longitude: number }, dLat = 0) => ngeohash.encode(place.latitude + dLat, place.longitude, 10);
const HOME = homeCell(hash(home))!;
const AWAY = homeCell(hash(away))!;

describe('coarsePosition', () => {
  it('is the ~1 km cell with its centre, within a cell of the exact point and never equal to it', () => {
    const exact = hash(away);
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

describe('the home area and hidden cells', () => {
  it('counts located posts per ~5 km cell, skipping posts without a place', () => {
    expect(postsByHomeCell([hash(home), hash(home, 0.001), hash(away), ''])).toEqual([
      { cell: HOME, posts: 2 },
      { cell: AWAY, posts: 1 },
    ]);
    expect(homeCell('')).toBeUndefined();
  });

  it('a post makes its cell the home area when it holds at least as many posts as any other (a tie goes to it)', () => {
    expect(becomesHomeArea(new Map([[HOME, 1]]), HOME)).toBe(true);
    expect(
      becomesHomeArea(
        new Map([
          [HOME, 2],
          [AWAY, 2],
        ]),
        AWAY,
      ),
    ).toBe(true);
    expect(
      becomesHomeArea(
        new Map([
          [HOME, 3],
          [AWAY, 2],
        ]),
        AWAY,
      ),
    ).toBe(false);
    expect(becomesHomeArea(new Map(), HOME)).toBe(false);
  });

  it('tells whether the next post will be hidden: in a hidden cell, or the one that makes its cell home', () => {
    const first = { hiddenCells: [], postsByCell: [] };
    expect(hiddenFromOthers(first, hash(home))).toBe(true); // a first located post is where one posts most
    expect(hiddenFromOthers(first, '')).toBe(false);
    const settled = { hiddenCells: [HOME], postsByCell: [{ cell: HOME, posts: 3 }] };
    expect(hiddenFromOthers(settled, hash(home, 0.001))).toBe(true);
    expect(hiddenFromOthers(settled, hash(away))).toBe(false);
    // After two posts at home and one at a hotel, the second hotel post ties: the hotel is hidden too.
    const hotel = {
      hiddenCells: [HOME],
      postsByCell: [
        { cell: HOME, posts: 2 },
        { cell: AWAY, posts: 1 },
      ],
    };
    expect(hiddenFromOthers(hotel, hash(away))).toBe(true);
    // The home stays hidden whatever is counted later.
    const moved = {
      hiddenCells: [HOME],
      postsByCell: [
        { cell: HOME, posts: 1 },
        { cell: AWAY, posts: 9 },
      ],
    };
    expect(hiddenFromOthers(moved, hash(home))).toBe(true);
  });
});

describe('mapPositionFor', () => {
  const post = (place: { latitude: number; longitude: number }) => ({ uid: 'author', geohash: hash(place), ...place });

  it('is exact for the author', () => {
    expect(mapPositionFor(post(home), 'author')).toMatchObject({ ...home, exact: true });
  });

  it('is the coarse cell for anyone else', () => {
    const position = mapPositionFor(post(away), 'someone');
    expect(position).toEqual({ ...coarsePosition(post(away).geohash), exact: false });
    expect(position.latitude).not.toBe(away.latitude);
  });
});

import { describe, expect, it } from 'vitest';
import type { MapPost } from '../../../core/map-api';
import { parseMapView, postsInView, postsToGeoJson, postsWithIds, snapViewport } from './map-view';

const post = (id: string, latitude: number, longitude: number): MapPost => ({
  id,
  uid: 'u',
  username: 'alice',
  userPhotoURL: '',
  type: 'Type 4',
  createdDate: '2026-11-24T10:00:00.000-05:00',
  placeholder: '',
  geohash: 'u09tun',
  latitude,
  longitude,
  exact: false,
});

describe('snapViewport', () => {
  it('grows the view to a grid, so a small pan asks the same question', () => {
    const a = snapViewport({ west: 2.25, south: 48.81, east: 2.42, north: 48.9 }, 11.3);
    const b = snapViewport({ west: 2.26, south: 48.82, east: 2.43, north: 48.905 }, 11.6);
    expect(a).toEqual(b);
    expect(a.west).toBeLessThanOrEqual(2.25);
    expect(a.north).toBeGreaterThanOrEqual(48.9);
  });

  it('is the world when the view spans it, and never past the poles', () => {
    expect(snapViewport({ west: -250, south: -88, east: 250, north: 88 }, 0.5)).toEqual({ west: -180, south: -90, east: 180, north: 90 });
  });
});

describe('postsInView', () => {
  it('keeps the posts whose marker is visible, across the antimeridian too', () => {
    const posts = [post('paris', 48.85, 2.35), post('fiji', -17.7, 179.5), post('nyc', 40.7, -74)];
    expect(postsInView(posts, { west: 0, south: 40, east: 10, north: 50 }).map((p) => p.id)).toEqual(['paris']);
    expect(postsInView(posts, { west: 170, south: -30, east: 190, north: 0 }).map((p) => p.id)).toEqual(['fiji']);
  });
});

describe('postsToGeoJson', () => {
  it('puts each post at longitude, latitude with its id', () => {
    expect(postsToGeoJson([post('paris', 48.85, 2.35)]).features[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2.35, 48.85] },
      properties: { id: 'paris' },
    });
  });
});

describe('parseMapView', () => {
  it('reads a saved view and refuses anything else', () => {
    expect(parseMapView('{"longitude":2,"latitude":48,"zoom":5}')).toEqual({ longitude: 2, latitude: 48, zoom: 5 });
    expect(parseMapView('{"longitude":2,"latitude":148,"zoom":5}')).toBeUndefined();
    expect(parseMapView('nope')).toBeUndefined();
    expect(parseMapView(null)).toBeUndefined();
  });
});

describe('postsWithIds', () => {
  it('keeps the posts the markers in view stand for, newest first, whatever else the map loaded', () => {
    const older = { ...post('a', 48.85, 2.35), createdDate: '2026-11-20T10:00:00.000Z' };
    const newer = { ...post('b', 48.86, 2.36), createdDate: '2026-11-24T10:00:00.000Z' };
    const elsewhere = post('c', 40, -3);
    expect(postsWithIds([older, elsewhere, newer], ['a', 'b', 'gone']).map((p) => p.id)).toEqual(['b', 'a']);
    expect(postsWithIds([older, newer], [])).toEqual([]);
  });
});

import type { FeatureCollection, Point } from 'geojson';
import type { MapPost } from '../../../core/map-api';
import { viewportContains, type Viewport } from '../../../core/map-cover';

/** Where the map opens the first time: the whole world. */
export const WORLD_VIEW: MapView = { longitude: 10, latitude: 25, zoom: 0.6 };
/** localStorage key of the last view, so the map reopens there (and its cached posts show offline). */
export const MAP_VIEW_STORAGE_KEY = 'plop.map.view';
/** Zoom at which one's own position is shown. */
export const OWN_POSITION_ZOOM = 13;

export interface MapView {
  longitude: number;
  latitude: number;
  zoom: number;
}

/**
 * The viewport the map asks the server for: the visible one grown to a grid whose step halves
 * with each zoom level, so small pans ask nothing new and a reload at the same view asks the
 * same question (the cached answer then shows offline).
 */
export function snapViewport(visible: Viewport, zoom: number): Viewport {
  const step = 90 / 2 ** Math.max(0, Math.floor(zoom));
  const south = Math.max(-90, Math.floor(visible.south / step) * step);
  const north = Math.min(90, Math.ceil(visible.north / step) * step);
  let west = Math.floor(visible.west / step) * step;
  let east = Math.ceil(visible.east / step) * step;
  if (east - west >= 360) {
    west = -180;
    east = 180;
  }
  return { west, south, east, north };
}

/** The posts whose point lies in the visible viewport, newest first (the List's answer when the map cannot draw). */
export function postsInView(posts: readonly MapPost[], visible: Viewport): MapPost[] {
  return posts
    .filter((post) => viewportContains(visible, post.latitude, post.longitude))
    .sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate));
}

/** The posts among `ids` (those the map's markers and clusters in view stand for), newest first. */
export function postsWithIds(posts: readonly MapPost[], ids: readonly string[]): MapPost[] {
  const wanted = new Set(ids);
  return posts.filter((post) => wanted.has(post.id)).sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate));
}

/** The posts as GeoJSON points for maplibre's clustering source (the id in the properties). */
export function postsToGeoJson(posts: readonly MapPost[]): FeatureCollection<Point, { id: string }> {
  return {
    type: 'FeatureCollection',
    features: posts.map((post) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [post.longitude, post.latitude] },
      properties: { id: post.id },
    })),
  };
}

/** A saved view, or undefined when there is none or it is not one. */
export function parseMapView(text: string | null): MapView | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof MapView, unknown>>;
    const { longitude, latitude, zoom } = value;
    if (typeof longitude !== 'number' || typeof latitude !== 'number' || typeof zoom !== 'number') return undefined;
    if (!Number.isFinite(longitude + latitude + zoom) || Math.abs(latitude) > 90 || zoom < 0 || zoom > 24) return undefined;
    return { longitude, latitude, zoom };
  } catch {
    // A corrupt entry is as good as none: the map opens on the world.
    return undefined;
  }
}

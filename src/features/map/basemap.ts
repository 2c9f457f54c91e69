import type { StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The app's own world basemap: land, sea and country borders from Natural Earth (1:110m, the
 * world-atlas package), converted from TopoJSON to GeoJSON on first use. It ships inside the
 * map's code, so the map needs no tile server, no key and no network: it shows offline and on
 * a fresh install. MAP_STYLE_URL replaces it with a remote style.
 */

const COLORS = {
  light: { sea: '#c9dfec', land: '#f4efe4', border: '#a89684' },
  dark: { sea: '#0e1820', land: '#2b2520', border: '#6d5e50' },
} as const;

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

let geometry: Promise<{ land: GeoJSON.GeoJSON; borders: GeoJSON.GeoJSON }> | undefined;

/**
 * Natural Earth cuts the land that crosses the antimeridian (Fiji, Chukotka, Antarctica) into rings
 * whose longitude jumps from 180 to -180 between two points; filled as they are, each jump draws a
 * sliver across the whole world (a thin line at that latitude). Each ring is made continuous
 * instead (a jump of more than 180 degrees continues past ±180), which maplibre draws in place.
 */
export function continuousRings(land: GeoJSON.FeatureCollection): GeoJSON.FeatureCollection {
  const ring = (points: GeoJSON.Position[]): GeoJSON.Position[] => {
    let shift = 0;
    return points.map(([longitude, latitude, ...rest], index) => {
      const previous = index > 0 ? points[index - 1]![0]! : longitude!;
      if (longitude! - previous > 180) shift -= 360;
      else if (previous - longitude! > 180) shift += 360;
      return [longitude! + shift, latitude!, ...rest];
    });
  };
  const geometry = (shape: GeoJSON.Geometry): GeoJSON.Geometry => {
    if (shape.type === 'Polygon') return { ...shape, coordinates: shape.coordinates.map(ring) };
    if (shape.type === 'MultiPolygon') return { ...shape, coordinates: shape.coordinates.map((polygon) => polygon.map(ring)) };
    return shape;
  };
  return { ...land, features: land.features.map((item) => (item.geometry ? { ...item, geometry: geometry(item.geometry) } : item)) };
}

/** Land and borders as GeoJSON, converted once per page. */
function worldGeometry() {
  geometry ??= import('world-atlas/countries-110m.json').then((module) => {
    const topology = module.default as unknown as Countries;
    return {
      land: continuousRings(feature(topology, topology.objects.land)),
      borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
    };
  });
  return geometry;
}

/** The basemap's style in light or dark. */
export async function worldBasemapStyle(mode: 'light' | 'dark'): Promise<StyleSpecification> {
  const { land, borders } = await worldGeometry();
  const colors = COLORS[mode];
  return {
    version: 8,
    name: `Plop world (${mode})`,
    sources: {
      land: { type: 'geojson', data: land, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: borders },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colors.sea } },
      // Filled without an outline: the outline would also trace where polygons are cut at the antimeridian.
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colors.land } },
      { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': colors.border, 'line-width': 0.8 } },
    ],
  };
}

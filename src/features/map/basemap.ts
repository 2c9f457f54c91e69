import type { FilterSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The app's own world basemap: land, sea and country borders from Natural Earth (1:110m, the
 * world-atlas package), converted from TopoJSON to GeoJSON on first use, and the names of the
 * capitals and big cities from GeoNames (cities.json, made by scripts/make-map-cities.mjs). It
 * ships inside the map's code, so the map needs no tile server, no key and no network: it shows
 * offline and on a fresh install, and whenever the online style (MAP_STYLE_URL) cannot load.
 * The style has no glyphs URL: maplibre then draws the labels' letters with the device's own
 * sans-serif font, so they need no font files either.
 */

const COLORS = {
  light: { sea: '#c9dfec', land: '#f4efe4', border: '#a89684', label: '#3d3026', halo: '#f4efe4' },
  dark: { sea: '#0e1820', land: '#2b2520', border: '#6d5e50', label: '#eee3d6', halo: '#1b1612' },
} as const;

/** Zoom from which the capitals (rank 1) and the other big cities (rank 2) are named. */
const CITY_LABEL_MIN_ZOOM = { capitals: 2, cities: 4 } as const;

/** The basemap's attribution (also what tells a person which map they are looking at). */
const BASEMAP_ATTRIBUTION = 'Natural Earth, GeoNames';

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

let geometry: Promise<{ land: GeoJSON.GeoJSON; borders: GeoJSON.GeoJSON; cities: GeoJSON.FeatureCollection }> | undefined;

/** One row of cities.json: longitude, latitude, name, rank (1: capital, 2: big city). */
type CityRow = [number, number, string, number];

/** The cities' rows as GeoJSON points with their name and rank. */
function citiesToGeoJson(rows: readonly CityRow[]): GeoJSON.FeatureCollection<GeoJSON.Point, { name: string; rank: number }> {
  return {
    type: 'FeatureCollection',
    features: rows.map(([longitude, latitude, name, rank]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: { name, rank },
    })),
  };
}

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

/** Land, borders and cities as GeoJSON, converted once per page. */
function worldGeometry() {
  geometry ??= Promise.all([import('world-atlas/countries-110m.json'), import('./cities.json')]).then(([world, cities]) => {
    const topology = world.default as unknown as Countries;
    return {
      land: continuousRings(feature(topology, topology.objects.land)),
      borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
      cities: citiesToGeoJson(cities.default as CityRow[]),
    };
  });
  return geometry;
}

/** The basemap's style in light or dark. */
export async function worldBasemapStyle(mode: 'light' | 'dark'): Promise<StyleSpecification> {
  const { land, borders, cities } = await worldGeometry();
  const colors = COLORS[mode];
  return {
    version: 8,
    name: `Plop world (${mode})`,
    sources: {
      land: { type: 'geojson', data: land, attribution: BASEMAP_ATTRIBUTION },
      borders: { type: 'geojson', data: borders },
      cities: { type: 'geojson', data: cities },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colors.sea } },
      // Filled without an outline: the outline would also trace where polygons are cut at the antimeridian.
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colors.land } },
      { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': colors.border, 'line-width': 0.8 } },
      cityLabels('capitals', ['==', ['get', 'rank'], 1], CITY_LABEL_MIN_ZOOM.capitals, 13, colors),
      cityLabels('cities', ['==', ['get', 'rank'], 2], CITY_LABEL_MIN_ZOOM.cities, 12, colors),
    ],
  };
}

/** A symbol layer naming the cities of one rank, from `minzoom` on, larger as the map zooms in. */
function cityLabels(
  id: keyof typeof CITY_LABEL_MIN_ZOOM,
  filter: FilterSpecification,
  minzoom: number,
  size: number,
  colors: { label: string; halo: string },
): LayerSpecification {
  return {
    id: `city-${id}`,
    type: 'symbol',
    source: 'cities',
    filter,
    minzoom,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': ['sans-serif'],
      'text-size': ['interpolate', ['linear'], ['zoom'], minzoom, size, 10, size + 5],
      'text-max-width': 8,
    },
    paint: { 'text-color': colors.label, 'text-halo-color': colors.halo, 'text-halo-width': 1.5 },
  };
}

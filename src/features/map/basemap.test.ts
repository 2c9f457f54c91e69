import { describe, expect, it } from 'vitest';
import { continuousRings, worldBasemapStyle } from './basemap';

const land = (coordinates: GeoJSON.Position[][]): GeoJSON.FeatureCollection => ({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates } }],
});
const ringOf = (collection: GeoJSON.FeatureCollection) => (collection.features[0]!.geometry as GeoJSON.Polygon).coordinates[0]!;
const widestStep = (points: GeoJSON.Position[]) =>
  Math.max(...points.slice(1).map((point, index) => Math.abs(point[0]! - points[index]![0]!)));

describe('continuousRings', () => {
  it('continues a ring past 180 where Natural Earth jumps to -180 (Chukotka), so no edge spans the world', () => {
    const ring = [
      [178, 69],
      [-180, 69],
      [-179, 66],
      [180, 65],
      [178, 69],
    ];
    const fixed = ringOf(continuousRings(land([ring])));
    expect(fixed).toEqual([
      [178, 69],
      [180, 69],
      [181, 66],
      [180, 65],
      [178, 69],
    ]);
    expect(widestStep(fixed)).toBeLessThan(180);
  });

  it('continues a ring below -180 where it jumps to 180 (Fiji), and leaves other rings as they are', () => {
    const fiji = [
      [-180, -16.5],
      [179.4, -16.8],
      [179, -17],
      [-180, -16.5],
    ];
    const elsewhere = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 10],
    ];
    const fixed = continuousRings(land([fiji, elsewhere]));
    const [fijiRing, otherRing] = (fixed.features[0]!.geometry as GeoJSON.Polygon).coordinates;
    expect(fijiRing!.map((point) => point[0])).toEqual([-180, -180.6, -181, -180]);
    expect(otherRing).toEqual(elsewhere);
  });

  it('leaves the real world data with no edge longer than 180 degrees of longitude', async () => {
    const { feature } = await import('topojson-client');
    const world = (await import('world-atlas/countries-110m.json')).default as unknown as Parameters<typeof feature>[0];
    const before = feature(world, world.objects.land!) as GeoJSON.FeatureCollection;
    const rings = (collection: GeoJSON.FeatureCollection) =>
      collection.features.flatMap((item) => (item.geometry as GeoJSON.MultiPolygon).coordinates.flat());
    expect(Math.max(...rings(before).map(widestStep))).toBeGreaterThan(180);
    expect(Math.max(...rings(continuousRings(before)).map(widestStep))).toBeLessThan(180);
  });
});

describe('worldBasemapStyle', () => {
  it('names the capitals and big cities (GeoNames) and credits Natural Earth and GeoNames, in light and dark', async () => {
    for (const mode of ['light', 'dark'] as const) {
      const style = await worldBasemapStyle(mode);
      expect(style.glyphs).toBeUndefined(); // the device's own font draws the letters: no font files, works offline
      const labels = style.layers.filter((layer) => layer.type === 'symbol');
      expect(labels.map((layer) => [layer.id, layer.minzoom])).toEqual([
        ['city-capitals', 2],
        ['city-cities', 4],
      ]);
      const cities = style.sources.cities as unknown as { data: GeoJSON.FeatureCollection<GeoJSON.Point, { name: string; rank: number }> };
      const named = (name: string) => cities.data.features.find((item) => item.properties.name === name);
      expect(named('Paris')?.properties.rank).toBe(1);
      expect(named('Paris')?.geometry.coordinates[1]).toBeCloseTo(48.85, 1);
      expect(named('Lyon')?.properties.rank).toBe(2);
      expect(cities.data.features.length).toBeGreaterThan(300);
      expect((style.sources.land as { attribution?: string }).attribution).toBe('Natural Earth, GeoNames');
    }
  });
});

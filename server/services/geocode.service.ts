import type { Language } from '../../core/language';
import { GEOCODE_CACHE_DECIMALS, POOP_PLACE_NAME_MAX_LENGTH } from '../../core/constants';
import type { ReverseGeocoder } from '../integrations/nominatim';
import type { GeocodeCacheRepository } from '../repositories/geocode-cache.repository';

/**
 * City-level place names for coordinates, suggested to the author of a post. Coordinates are
 * rounded to GEOCODE_CACHE_DECIMALS (~1 km) for the upstream and its cache: all the precision
 * that leaves the server.
 * - With a Nominatim-compatible service configured (`upstream`), its answers are cached by that
 *   cell. When it fails, the shipped place list answers instead (not cached, so a later try can
 *   reach the service), so posting never waits on it.
 * - Without one, the shipped place list (`places`: GeoNames' cities, offline) answers, no cache needed.
 */
export class GeocodeService {
  /** Concurrent lookups of one cell share one upstream request. */
  private readonly inFlight = new Map<string, Promise<string | undefined>>();

  constructor(private readonly deps: { cache: GeocodeCacheRepository; upstream?: ReverseGeocoder; places: ReverseGeocoder }) {}

  /** `language`: the reader's, for the country's name in the shipped list's answers. */
  async reverse(lat: number, lon: number, language: Language = 'en'): Promise<string> {
    const [cellLat, cellLon] = [round(lat), round(lon)];
    const { upstream } = this.deps;
    // The shipped list is asked on this machine, so it gets the coordinates as they came.
    if (!upstream) return this.fromPlaces(lat, lon, language);
    const cell = `${cellLat.toFixed(GEOCODE_CACHE_DECIMALS)},${cellLon.toFixed(GEOCODE_CACHE_DECIMALS)}`;
    const cached = await this.deps.cache.get(cell);
    if (cached !== undefined) return cached;

    let pending = this.inFlight.get(cell);
    if (!pending) {
      pending = this.lookUp(upstream, cell, cellLat, cellLon).finally(() => this.inFlight.delete(cell));
      this.inFlight.set(cell, pending);
    }
    return (await pending) ?? this.fromPlaces(lat, lon, language);
  }

  private async fromPlaces(lat: number, lon: number, language: Language): Promise<string> {
    return shorten((await this.deps.places.reverse(lat, lon, language)) ?? '', POOP_PLACE_NAME_MAX_LENGTH);
  }

  private async lookUp(upstream: ReverseGeocoder, cell: string, lat: number, lon: number): Promise<string | undefined> {
    const answer = await upstream.reverse(lat, lon);
    // A post accepts at most POOP_PLACE_NAME_MAX_LENGTH characters.
    const placeName = answer === undefined ? undefined : shorten(answer, POOP_PLACE_NAME_MAX_LENGTH);
    if (placeName !== undefined) await this.deps.cache.put(cell, placeName);
    return placeName;
  }
}

function round(value: number): number {
  const factor = 10 ** GEOCODE_CACHE_DECIMALS;
  // "+ 0" turns -0 into 0, so -0.0001 and 0.0001 share the cell "0.00".
  return Math.round(value * factor) / factor + 0;
}

/** The text cut to at most `max` characters, at a comma when one is near the end. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const comma = cut.lastIndexOf(',');
  return (comma > max / 2 ? cut.slice(0, comma) : cut).trim();
}

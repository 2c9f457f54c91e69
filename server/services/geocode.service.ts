import { GEOCODE_CACHE_DECIMALS, POOP_PLACE_NAME_MAX_LENGTH } from '../../core/constants';
import type { ReverseGeocoder } from '../integrations/nominatim';
import type { GeocodeCacheRepository } from '../repositories/geocode-cache.repository';

/**
 * Place names for coordinates, cached by cell (coordinates rounded to GEOCODE_CACHE_DECIMALS,
 * which is also all the precision sent upstream). A failed lookup answers '' and is not cached,
 * so posting never waits on it and a later try can succeed.
 */
export class GeocodeService {
  /** Concurrent lookups of one cell share one upstream request. */
  private readonly inFlight = new Map<string, Promise<string | undefined>>();

  constructor(private readonly deps: { cache: GeocodeCacheRepository; geocoder: ReverseGeocoder }) {}

  async reverse(lat: number, lon: number): Promise<string> {
    const [cellLat, cellLon] = [round(lat), round(lon)];
    const cell = `${cellLat.toFixed(GEOCODE_CACHE_DECIMALS)},${cellLon.toFixed(GEOCODE_CACHE_DECIMALS)}`;
    const cached = await this.deps.cache.get(cell);
    if (cached !== undefined) return cached;

    let pending = this.inFlight.get(cell);
    if (!pending) {
      pending = this.lookUp(cell, cellLat, cellLon).finally(() => this.inFlight.delete(cell));
      this.inFlight.set(cell, pending);
    }
    return (await pending) ?? '';
  }

  private async lookUp(cell: string, lat: number, lon: number): Promise<string | undefined> {
    const answer = await this.deps.geocoder.reverse(lat, lon);
    // A post accepts at most POOP_PLACE_NAME_MAX_LENGTH characters; Nominatim's can be longer.
    const placeName = answer === undefined ? undefined : shorten(answer, POOP_PLACE_NAME_MAX_LENGTH);
    if (placeName !== undefined) await this.deps.cache.put(cell, placeName);
    return placeName;
  }
}

function round(value: number): number {
  const factor = 10 ** GEOCODE_CACHE_DECIMALS;
  // "+ 0" turns -0 into 0, so -0.0001 and 0.0001 share the cell "0.000".
  return Math.round(value * factor) / factor + 0;
}

/** The text cut to at most `max` characters, at a comma when one is near the end. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const comma = cut.lastIndexOf(',');
  return (comma > max / 2 ? cut.slice(0, comma) : cut).trim();
}

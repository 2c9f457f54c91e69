import type { Language } from '../../core/language';
import type { FastifyBaseLogger } from 'fastify';
import { GEOCODE_NOMINATIM_ZOOM } from '../../core/constants';

export interface ReverseGeocoder {
  /**
   * The place name at these coordinates ('' where there is none), or undefined when the service
   * failed. `language` names the country in the reader's language where the source can (the
   * shipped list; Nominatim's cached answers stay in its own words).
   */
  reverse(lat: number, lon: number, language?: Language): Promise<string | undefined>;
}

export interface NominatimOptions {
  url: string;
  userAgent: string;
  timeoutMs: number;
  /** At least this long between the end of one request and the start of the next; they never overlap. */
  minIntervalMs: number;
  /** Lookups waiting beyond this many answer "failed" at once instead of queueing for seconds. */
  maxQueued: number;
  log: FastifyBaseLogger;
  /**
   * A lock held across every server of the database (`Database.withAdvisoryLock`): each request
   * holds it until `minIntervalMs` after it ended, so N servers together still send one at a time,
   * spaced, as the upstream sees them. Without it the spacing is per process.
   */
  lock?: <T>(name: string, work: () => Promise<T>) => Promise<T>;
}

/** The advisory lock the servers share for the upstream's spacing. */
export const GEOCODE_LOCK = 'plop.geocode';

/**
 * Nominatim's `/reverse?format=jsonv2&zoom=10` (or any service speaking it), answering the city
 * and country of its `address`. Requests go out one at a time, spaced by `minIntervalMs`, as the
 * public service's usage policy demands.
 */
export function nominatimGeocoder(options: NominatimOptions): ReverseGeocoder {
  const limiter = new SerialLimiter(options.minIntervalMs);
  return {
    async reverse(lat, lon) {
      if (limiter.queued >= options.maxQueued) {
        options.log.warn({ queued: limiter.queued }, 'reverse geocoding queue is full; answering no place name');
        return undefined;
      }
      try {
        return await limiter.run(() => acrossServers(options, () => fetchPlaceName(options, lat, lon)));
      } catch (error) {
        options.log.warn({ err: error, lat, lon }, 'reverse geocoding failed');
        return undefined;
      }
    },
  };
}

/**
 * Runs `task` under the shared lock and keeps the lock `minIntervalMs` after it ended, answering
 * as soon as the task is done (the caller does not wait out the spacing).
 */
function acrossServers<T>(options: NominatimOptions, task: () => Promise<T>): Promise<T> {
  const { lock } = options;
  if (!lock) return task();
  return new Promise<T>((resolve, reject) => {
    lock(GEOCODE_LOCK, async () => {
      try {
        resolve(await task());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
      await new Promise((wait) => setTimeout(wait, options.minIntervalMs));
    }).catch(reject);
  });
}

async function fetchPlaceName(options: NominatimOptions, lat: number, lon: number): Promise<string> {
  const url = new URL(`${options.url}/reverse`);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('lat', String(lat));
  url.searchParams.set('lon', String(lon));
  // City level: the answer names the town or city, never a street or a building.
  url.searchParams.set('zoom', String(GEOCODE_NOMINATIM_ZOOM));
  const res = await fetch(url, {
    headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!res.ok) throw new Error(`Nominatim answered ${res.status}`);
  const body = (await res.json()) as { address?: unknown; error?: unknown };
  // {"error":"Unable to geocode"}: a valid answer (the middle of the sea), not a failure.
  if (typeof body.error === 'string') return '';
  if (typeof body.address !== 'object' || body.address === null) throw new Error('Nominatim answered without an address');
  return cityAndCountry(body.address as Record<string, unknown>);
}

/**
 * The settlement fields of Nominatim's `address`, largest first: a city, town or village, never a
 * part of one (`suburb`, `quarter`, `neighbourhood`), a `hamlet`, or an area around one (`county`,
 * `state`), as the shipped list (geonames-places.ts) names only settlements.
 */
const LOCALITY_FIELDS = ['city', 'town', 'village', 'municipality'] as const;

/**
 * "City, Country" from Nominatim's `address` fields, or the country alone where the address names
 * no settlement. Its `display_name` (which may start with a house number and a street) is never
 * used, so nothing finer than the city is ever stored.
 */
export function cityAndCountry(address: Record<string, unknown>): string {
  const text = (key: string) => {
    const value = address[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const locality = LOCALITY_FIELDS.map(text).find((value) => value !== '') ?? '';
  const country = text('country');
  return [locality, country].filter((part, i, parts) => part !== '' && parts.indexOf(part) === i).join(', ');
}

/**
 * Runs tasks one after another, each starting at least `minIntervalMs` after the previous one
 * finished. Counting from the finish (not the start) keeps the gap as the upstream sees it at
 * least `minIntervalMs` whatever the network delays.
 */
class SerialLimiter {
  private tail: Promise<void> = Promise.resolve();
  private lastEnd = Number.NEGATIVE_INFINITY;
  queued = 0;

  constructor(private readonly minIntervalMs: number) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    this.queued++;
    const result = this.tail.then(async () => {
      const wait = this.lastEnd + this.minIntervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        return await task();
      } finally {
        this.lastEnd = Date.now();
        this.queued--;
      }
    });
    // The chain only orders tasks; each caller gets its own outcome through `result`.
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

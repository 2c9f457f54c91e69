import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { EMPTY_HEALTH_DETAILS, type DiaryEntry } from '../../core/diary';
import { healthEntries } from '../db/schema';
import { signIn } from './helpers';
import { buildWithFiles, putPoop } from './poop-helpers';

const HOUR = 3_600_000;

describe('GET /api/me/diary', () => {
  it("answers the caller's own posts with their private details and diary-only entries, oldest first", async () => {
    const { app, database } = await buildWithFiles();
    const author = await signIn(app);
    const other = await signIn(app);
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);

    const withDetails = randomUUID();
    const plain = randomUUID();
    const deleted = randomUUID();
    const othersPost = randomUUID();
    for (const [id, cookie, hoursAgo, type] of [
      [withDetails, author.cookie, 30, 'Type 2'],
      [plain, author.cookie, 20, 'Type 4'],
      [deleted, author.cookie, 10, 'Type 5'],
      [othersPost, other.cookie, 25, 'Type 6'],
    ] as const) {
      const res = await putPoop(app, cookie, id, { type, createdDate: at(hoursAgo).toISOString() });
      expect(res.statusCode).toBe(201);
    }
    expect((await app.inject({ method: 'DELETE', url: `/api/poops/${deleted}`, headers: { cookie: author.cookie } })).statusCode).toBe(204);

    const detailsId = randomUUID();
    const diaryOnlyId = randomUUID();
    await database.db.insert(healthEntries).values([
      {
        id: detailsId,
        uid: author.user.uid,
        poopId: withDetails,
        occurredAt: at(30),
        straining: true,
        pain: 3,
        colour: 'black',
        note: 'after coffee',
      },
      { id: diaryOnlyId, uid: author.user.uid, poopId: null, occurredAt: at(5), type: 'Type 7', urgency: true, atNight: true },
      // Another user's private details, on their own post and diary-only: never in the author's answer.
      { id: randomUUID(), uid: other.user.uid, poopId: othersPost, occurredAt: at(25), blood: true, note: 'secret' },
      { id: randomUUID(), uid: other.user.uid, poopId: null, occurredAt: at(6), type: 'Type 1', note: 'secret too' },
      // The author's, but long before the range.
      { id: randomUUID(), uid: author.user.uid, poopId: null, occurredAt: at(24 * 40), type: 'Type 3' },
    ]);

    const from = DateTime.fromMillis(now - 3 * 24 * HOUR, { zone: 'UTC' }).toISODate();
    const to = DateTime.fromMillis(now, { zone: 'UTC' }).toISODate();
    const res = await app.inject({ method: 'GET', url: `/api/me/diary?from=${from}&to=${to}&tz=UTC`, headers: { cookie: author.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const entries = res.json<{ entries: DiaryEntry[] }>().entries;
    expect(entries.map((entry) => [entry.poopId, entry.type])).toEqual([
      [withDetails, 'Type 2'],
      [plain, 'Type 4'],
      [null, 'Type 7'],
    ]);
    expect(entries[0]).toMatchObject({
      id: withDetails,
      occurredAt: at(30).toISOString(),
      title: expect.any(String),
      thumbnail: `/api/media/poops/${withDetails}/thumb`,
      details: { ...EMPTY_HEALTH_DETAILS, straining: true, pain: 3, colour: 'black', note: 'after coffee' },
    });
    expect(entries[1]?.details).toEqual(EMPTY_HEALTH_DETAILS);
    expect(entries[2]).toMatchObject({ id: diaryOnlyId, title: null, thumbnail: null, details: { urgency: true, atNight: true } });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain(othersPost);

    // The other user reads their own diary only.
    const theirs = await app.inject({ method: 'GET', url: `/api/me/diary?from=${from}&to=${to}`, headers: { cookie: other.cookie } });
    expect(
      theirs
        .json<{ entries: DiaryEntry[] }>()
        .entries.map((entry) => entry.details.note)
        .sort(),
    ).toEqual(['secret', 'secret too']);
    expect(theirs.body).not.toContain('after coffee');
  });

  it('reads days in the time zone it is given', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signIn(app);
    // 23:30 UTC on the 1st is already the 2nd in Tokyo (UTC+9).
    const occurredAt = new Date('2026-11-01T23:30:00Z');
    await database.db.insert(healthEntries).values({ id: randomUUID(), uid: author.user.uid, occurredAt, type: 'Type 4' });
    const read = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/me/diary?${query}`, headers: { cookie: author.cookie } });
      return res.json<{ entries: DiaryEntry[] }>().entries.length;
    };
    expect(await read('from=2026-11-01&to=2026-11-01')).toBe(1);
    expect(await read('from=2026-11-01&to=2026-11-01&tz=Asia/Tokyo')).toBe(0);
    expect(await read('from=2026-11-02&to=2026-11-02&tz=Asia/Tokyo')).toBe(1);
  });

  it('needs a session and a sensible range', async () => {
    const { app } = await buildWithFiles();
    const author = await signIn(app);
    expect((await app.inject({ method: 'GET', url: '/api/me/diary?from=2026-11-01&to=2026-11-14' })).statusCode).toBe(401);
    for (const query of [
      'from=2026-11-14&to=2026-11-01',
      'from=2026-11-01&to=2026-11-14&tz=Mars/Olympus',
      'from=2024-01-01&to=2026-01-01',
      'from=2026-11-01',
      // Issue 61: years the database cannot turn into instants (these were 500s).
      'from=0000-01-01&to=0000-12-31',
      'from=9999-01-01&to=9999-12-31',
      'from=9999-12-31&to=9999-12-31&tz=Pacific/Kiritimati',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/api/me/diary?${query}`, headers: { cookie: author.cookie } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });
});

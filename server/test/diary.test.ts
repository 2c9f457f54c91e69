import { randomUUID } from 'node:crypto';
import { POOP_TIMEZONE } from '../../core/constants';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DIARY_MESSAGES, EMPTY_HEALTH_DETAILS, type HealthDetails } from '../../core/diary';
import { activitySql } from '../db/activity';
import type { Database } from '../db/database';
import { signIn, signInVerified } from './helpers';
import { accountCreatedDaysAgo, buildWithFiles, putPoop, scalar, uniqueEmail } from './poop-helpers';

const DETAILS: HealthDetails = {
  ...EMPTY_HEALTH_DETAILS,
  urgency: true,
  straining: false,
  pain: 4,
  colour: 'red',
  note: 'after the curry',
};

function getHealth(app: FastifyInstance, cookie: string, id: string) {
  return app.inject({ method: 'GET', url: `/api/poops/${id}/health`, headers: { cookie } });
}

function putHealth(app: FastifyInstance, cookie: string, id: string, details: HealthDetails) {
  return app.inject({ method: 'PUT', url: `/api/poops/${id}/health`, headers: { cookie }, payload: details });
}

function putEntry(app: FastifyInstance, cookie: string, id: string, body: { type: string; occurredAt: string; details: HealthDetails }) {
  return app.inject({ method: 'PUT', url: `/api/me/diary/${id}`, headers: { cookie }, payload: body });
}

const DAY_MS = 24 * 60 * 60_000;

/** How many days of activity count for `uid`'s leagues and achievements (the one activity SQL they read). */
function activityDays(database: Database, uid: string) {
  return scalar(database, sql`SELECT count(DISTINCT a.day) AS n FROM ${activitySql(uid)} a`);
}

function newYorkDay(at: Date): string {
  return at.toLocaleDateString('en-CA', { timeZone: POOP_TIMEZONE });
}

async function me(app: FastifyInstance, cookie: string) {
  return (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json<{
    user: { currentStreak: number; longestStreak: number };
  }>().user;
}

describe("a post's private health details", () => {
  it('arrive with the post in one request, are read back by the author only, and a replay stores them once', async () => {
    const { app, database } = await buildWithFiles({ ADMIN_EMAILS: 'diary-admin@example.com' });
    const author = await signIn(app);
    const id = randomUUID();
    const first = await putPoop(app, author.cookie, id, { health: JSON.stringify(DETAILS) });
    expect(first.statusCode).toBe(201);
    expect(first.body).not.toContain('after the curry');
    // The outbox sends the same request again (its answer was lost): the same post, one details row.
    expect((await putPoop(app, author.cookie, id, { health: JSON.stringify({ ...DETAILS, note: 'replayed' }) })).statusCode).toBe(200);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM health_entries WHERE poop_id = ${id}`)).toBe(1);

    const mine = await getHealth(app, author.cookie, id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().details).toEqual(DETAILS);

    const other = await signIn(app);
    const admin = await signInVerified(app, 'diary-admin@example.com');
    const missing = await getHealth(app, other.cookie, randomUUID());
    for (const cookie of [other.cookie, admin.cookie]) {
      const res = await getHealth(app, cookie, id);
      // Not theirs answers exactly as not there.
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
      expect(res.json().error.message).toBe(DIARY_MESSAGES.notFound);
      expect((await putHealth(app, cookie, id, { ...DETAILS, note: 'overwritten' })).statusCode).toBe(404);
    }
    expect((await getHealth(app, author.cookie, id)).json().details.note).toBe('after the curry');
  });

  it('a post without details answers empty ones; the author edits them, idempotently', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signIn(app);
    const id = randomUUID();
    expect((await putPoop(app, author.cookie, id)).statusCode).toBe(201);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM health_entries WHERE poop_id = ${id}`)).toBe(0);
    expect((await getHealth(app, author.cookie, id)).json().details).toEqual(EMPTY_HEALTH_DETAILS);

    const edited = { ...EMPTY_HEALTH_DETAILS, blood: true, atNight: true, note: '  twice  ' };
    for (let i = 0; i < 2; i += 1) {
      const res = await putHealth(app, author.cookie, id, edited);
      expect(res.statusCode).toBe(200);
      expect(res.json().details).toEqual({ ...edited, note: 'twice' });
    }
    expect(await scalar(database, sql`SELECT count(*) AS n FROM health_entries WHERE poop_id = ${id}`)).toBe(1);
    expect((await getHealth(app, author.cookie, id)).json().details).toEqual({ ...edited, note: 'twice' });
  });

  it('refuses details it cannot read, and then stores no post either', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signIn(app);
    const id = randomUUID();
    for (const health of ['{not json', JSON.stringify({ ...DETAILS, pain: 11 }), JSON.stringify({ ...DETAILS, colour: 'purple' })]) {
      const res = await putPoop(app, author.cookie, id, { health });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(DIARY_MESSAGES.healthInvalid);
    }
    expect(await scalar(database, sql`SELECT count(*) AS n FROM poops WHERE id = ${id}`)).toBe(0);
    expect((await putHealth(app, author.cookie, id, { ...DETAILS, pain: -1 })).statusCode).toBe(400);
  });

  it('are deleted with the post, and with the account', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signIn(app);
    const id = randomUUID();
    expect((await putPoop(app, author.cookie, id, { health: JSON.stringify(DETAILS) })).statusCode).toBe(201);
    expect((await app.inject({ method: 'DELETE', url: `/api/poops/${id}`, headers: { cookie: author.cookie } })).statusCode).toBe(204);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM health_entries WHERE poop_id = ${id}`)).toBe(0);
    expect((await getHealth(app, author.cookie, id)).statusCode).toBe(404);

    const second = randomUUID();
    expect((await putPoop(app, author.cookie, second, { health: JSON.stringify(DETAILS) })).statusCode).toBe(201);
    expect(
      (await putEntry(app, author.cookie, randomUUID(), { type: 'Type 5', occurredAt: new Date().toISOString(), details: DETAILS }))
        .statusCode,
    ).toBe(201);
    expect((await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: author.cookie } })).statusCode).toBe(200);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM health_entries WHERE uid = ${author.user.uid}`)).toBe(0);
  });
});

describe('diary-only entries', () => {
  it('a replayed PUT writes one entry; the author edits and deletes it; nobody else can', async () => {
    const { app, database } = await buildWithFiles({ ADMIN_EMAILS: 'diary-admin2@example.com' });
    const author = await signIn(app);
    const id = randomUUID();
    const body = { type: 'Type 6', occurredAt: new Date().toISOString(), details: DETAILS };
    const created = await putEntry(app, author.cookie, id, body);
    expect(created.statusCode).toBe(201);
    expect(created.json().entry).toMatchObject({ id, poopId: null, type: 'Type 6', title: null, thumbnail: null, details: DETAILS });
    expect((await putEntry(app, author.cookie, id, body)).statusCode).toBe(200);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM health_entries WHERE id = ${id}`)).toBe(1);

    const admin = await signInVerified(app, 'diary-admin2@example.com');
    const other = await signIn(app);
    for (const cookie of [other.cookie, admin.cookie]) {
      const res = await putEntry(app, cookie, id, { ...body, type: 'Type 1' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(DIARY_MESSAGES.notFound);
      // Someone else's delete is a no-op.
      expect((await app.inject({ method: 'DELETE', url: `/api/me/diary/${id}`, headers: { cookie } })).statusCode).toBe(204);
    }
    const edited = await putEntry(app, author.cookie, id, { ...body, type: 'Type 3', details: { ...DETAILS, note: 'better' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().entry).toMatchObject({ type: 'Type 3', details: { note: 'better' } });

    const del = () => app.inject({ method: 'DELETE', url: `/api/me/diary/${id}`, headers: { cookie: author.cookie } });
    expect((await del()).statusCode).toBe(204);
    expect((await del()).statusCode).toBe(204);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM health_entries WHERE id = ${id}`)).toBe(0);
  });

  it("an id that is a post's details row is not a diary entry to write over", async () => {
    const { app, database } = await buildWithFiles();
    const author = await signIn(app);
    const post = randomUUID();
    expect((await putPoop(app, author.cookie, post, { health: JSON.stringify(DETAILS) })).statusCode).toBe(201);
    const result = await database.executeSql('SELECT id FROM health_entries WHERE poop_id = $1', [post]);
    const rowId = String((result.rows[0] as { id: string }).id);
    const res = await putEntry(app, author.cookie, rowId, { type: 'Type 1', occurredAt: new Date().toISOString(), details: DETAILS });
    expect(res.statusCode).toBe(404);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM health_entries WHERE poop_id = ${post} AND type IS NULL`)).toBe(1);
  });

  it('count for the streak like a post: an entry yesterday and a post today make a streak of 2', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signIn(app, uniqueEmail('streak'));
    // The account existed yesterday (an entry dated before its first day would earn nothing).
    await accountCreatedDaysAgo(database, author.user.uid, 3);
    const yesterday = new Date(Date.now() - 20 * 60 * 60_000);
    const entry = randomUUID();
    expect(
      (await putEntry(app, author.cookie, entry, { type: 'Type 4', occurredAt: yesterday.toISOString(), details: EMPTY_HEALTH_DETAILS }))
        .statusCode,
    ).toBe(201);
    expect((await me(app, author.cookie)).currentStreak).toBe(1);
    expect((await putPoop(app, author.cookie, randomUUID())).statusCode).toBe(201);
    const after = await me(app, author.cookie);
    // 20 hours apart: two days when they fall on two New York days, else one.
    const days = new Set([yesterday, new Date()].map((at) => at.toLocaleDateString('en-CA', { timeZone: POOP_TIMEZONE }))).size;
    expect(after.currentStreak).toBe(days);
    // Deleting the entry recomputes the streak from what is left: the post alone.
    expect((await app.inject({ method: 'DELETE', url: `/api/me/diary/${entry}`, headers: { cookie: author.cookie } })).statusCode).toBe(
      204,
    );
    expect((await me(app, author.cookie)).currentStreak).toBe(1);
  });

  it("GET /api/me/diary lists the author's posts with details and diary-only entries in the range, and no one else's", async () => {
    const { app } = await buildWithFiles();
    const author = await signIn(app);
    const other = await signIn(app);
    const post = randomUUID();
    expect((await putPoop(app, author.cookie, post, { type: 'Type 2', health: JSON.stringify(DETAILS) })).statusCode).toBe(201);
    const plain = randomUUID();
    expect((await putPoop(app, author.cookie, plain, { type: 'Type 5' })).statusCode).toBe(201);
    const entry = randomUUID();
    const at = new Date(Date.now() - 60_000).toISOString();
    expect((await putEntry(app, author.cookie, entry, { type: 'Type 7', occurredAt: at, details: DETAILS })).statusCode).toBe(201);
    expect((await putPoop(app, other.cookie, randomUUID(), { health: JSON.stringify(DETAILS) })).statusCode).toBe(201);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: POOP_TIMEZONE });
    const weekAgo = new Date(Date.now() - 6 * 24 * 60 * 60_000).toLocaleDateString('en-CA', { timeZone: POOP_TIMEZONE });
    const res = await app.inject({
      method: 'GET',
      url: `/api/me/diary?from=${weekAgo}&to=${today}&tz=America%2FNew_York`,
      headers: { cookie: author.cookie },
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as Array<{ id: string; poopId: string | null; type: string; details: HealthDetails }>;
    expect(entries.map((e) => e.id).sort()).toEqual([post, plain, entry].sort());
    expect(entries.find((e) => e.id === post)).toMatchObject({ poopId: post, type: 'Type 2', details: DETAILS });
    expect(entries.find((e) => e.id === plain)?.details).toEqual(EMPTY_HEALTH_DETAILS);
    expect(entries.find((e) => e.id === entry)).toMatchObject({ poopId: null, type: 'Type 7', details: DETAILS });

    const bad = await app.inject({
      method: 'GET',
      url: `/api/me/diary?from=${today}&to=${weekAgo}&tz=America%2FNew_York`,
      headers: { cookie: author.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(DIARY_MESSAGES.rangeInvalid);
  });
});

describe('backfilled diary entries (issue 64)', () => {
  it('a 20-day-old entry is accepted and listed, but neither it nor one just older than 7 days changes the streak', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signIn(app, uniqueEmail('backfill'));
    await accountCreatedDaysAgo(database, author.user.uid, 60);
    const now = Date.now();
    // A week of daily entries, the oldest 6 days back: a streak of 7.
    for (let days = 6; days >= 0; days -= 1) {
      const at = new Date(now - days * DAY_MS - 60_000).toISOString();
      expect(
        (await putEntry(app, author.cookie, randomUUID(), { type: 'Type 4', occurredAt: at, details: EMPTY_HEALTH_DETAILS })).statusCode,
      ).toBe(201);
    }
    expect(await me(app, author.cookie)).toMatchObject({ currentStreak: 7, longestStreak: 7 });
    expect(await activityDays(database, author.user.uid)).toBe(7);

    // 25 hours before the oldest: it would continue the streak, but it is older than 7 days when written.
    const justTooOld = randomUUID();
    const twentyDays = randomUUID();
    for (const [id, at] of [
      [justTooOld, new Date(now - 7 * DAY_MS - 61 * 60_000)],
      [twentyDays, new Date(now - 20 * DAY_MS)],
    ] as const) {
      const res = await putEntry(app, author.cookie, id, { type: 'Type 2', occurredAt: at.toISOString(), details: DETAILS });
      expect(res.statusCode).toBe(201);
      expect(res.json().entry).toMatchObject({ id, occurredAt: at.toISOString(), day: newYorkDay(at), type: 'Type 2' });
    }
    expect(await me(app, author.cookie)).toMatchObject({ currentStreak: 7, longestStreak: 7 });
    expect(await activityDays(database, author.user.uid)).toBe(7);

    // Both are in the diary (Activity and the report read it).
    const from = newYorkDay(new Date(now - 30 * DAY_MS));
    const diary = await app.inject({
      method: 'GET',
      url: `/api/me/diary?from=${from}&to=${newYorkDay(new Date(now))}&tz=America%2FNew_York`,
      headers: { cookie: author.cookie },
    });
    expect(diary.statusCode).toBe(200);
    const ids = (diary.json().entries as Array<{ id: string }>).map((entry) => entry.id);
    expect(ids).toHaveLength(9);
    expect(ids).toEqual(expect.arrayContaining([justTooOld, twentyDays]));
  });

  it('entries dated before the account existed earn nothing', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signIn(app, uniqueEmail('newcomer'));
    const now = Date.now();
    // Three days before the account, one a day: listed, but no streak and no days logged.
    for (const days of [3, 2, 1]) {
      const at = new Date(now - days * DAY_MS).toISOString();
      expect(
        (await putEntry(app, author.cookie, randomUUID(), { type: 'Type 4', occurredAt: at, details: EMPTY_HEALTH_DETAILS })).statusCode,
      ).toBe(201);
    }
    expect(await me(app, author.cookie)).toMatchObject({ currentStreak: 0, longestStreak: 0 });
    expect(await activityDays(database, author.user.uid)).toBe(0);
    // Today's entry starts the streak at 1, not 4.
    expect(
      (
        await putEntry(app, author.cookie, randomUUID(), {
          type: 'Type 4',
          occurredAt: new Date(now).toISOString(),
          details: EMPTY_HEALTH_DETAILS,
        })
      ).statusCode,
    ).toBe(201);
    expect(await me(app, author.cookie)).toMatchObject({ currentStreak: 1, longestStreak: 1 });
    expect(await activityDays(database, author.user.uid)).toBe(1);
  });

  it('an entry dated 13 months back is refused with a clear 400; 11 months back is accepted', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signIn(app);
    const id = randomUUID();
    const thirteenMonths = new Date(Date.now() - 395 * DAY_MS).toISOString();
    const refused = await putEntry(app, author.cookie, id, { type: 'Type 4', occurredAt: thirteenMonths, details: EMPTY_HEALTH_DETAILS });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(DIARY_MESSAGES.tooOld);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM health_entries WHERE id = ${id}`)).toBe(0);

    const elevenMonths = new Date(Date.now() - 335 * DAY_MS).toISOString();
    const accepted = await putEntry(app, author.cookie, id, { type: 'Type 4', occurredAt: elevenMonths, details: EMPTY_HEALTH_DETAILS });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().entry.occurredAt).toBe(elevenMonths);
  });
});

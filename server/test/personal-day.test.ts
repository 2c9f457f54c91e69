import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { DiaryEntry } from '../../core/diary';
import { personalDay } from '../../core/personal-day';
import type { StreakStatus } from '../../core/streak-api';
import { personalDaySql } from '../db/activity';
import { buildWithFiles, putPoop, signInMonthOld } from './poop-helpers';

describe('personalDaySql', () => {
  it('gives the same day as core personalDay, for every zone and DST edge (STYLE.md rule 11)', async () => {
    const { database } = await buildWithFiles();
    const instants = [
      '2026-06-01T22:30:00.000Z', // 00:30 in Rome, 15:30 in Los Angeles
      '2026-03-08T06:59:59.999Z', // New York springs forward at 07:00 UTC
      '2026-03-08T07:00:00.000Z',
      '2026-03-28T23:00:00.000Z', // Rome's 23-hour day starts
      '2026-10-25T22:59:59.000Z', // Rome's 25-hour day ends
      '2026-11-01T05:30:00.000Z', // New York's 25-hour day
      '2026-12-31T23:59:59.999Z',
    ];
    const zones = [null, 'Europe/Rome', 'America/Los_Angeles', 'Asia/Tokyo', 'Asia/Kathmandu', 'Pacific/Kiritimati', 'Etc/GMT+5', 'UTC'];
    for (const at of instants) {
      for (const zone of zones) {
        const result = await database.db.execute(sql`SELECT ${personalDaySql(sql`${at}::timestamptz`, sql`${zone}::text`)} AS day`);
        const [row] = (result as { rows: { day: string }[] }).rows;
        expect({ at, zone, day: row?.day }).toEqual({ at, zone, day: personalDay(new Date(at), zone) });
      }
    }
  });
});

describe("a person's day is their own (issue 60)", () => {
  it('a movement at 00:30 in Rome (23:30 UTC the day before) is on that Rome day in the streak and the diary', async () => {
    const { app, database } = await buildWithFiles();
    const rome = await signInMonthOld(app, database);
    const zoned = await app.inject({
      method: 'PATCH',
      url: '/api/streak/settings',
      headers: { cookie: rome.cookie },
      payload: { timeZone: 'Europe/Rome' },
    });
    expect(zoned.statusCode).toBe(200);
    // Yesterday at 12:00 and today at 00:30, Rome time: two Rome days (one New York day, one UTC day).
    const nowInRome = DateTime.now().setZone('Europe/Rome');
    // "today": the last Rome day whose 00:30 has passed.
    const today = (nowInRome.hour === 0 && nowInRome.minute < 31 ? nowInRome.minus({ days: 1 }) : nowInRome).startOf('day');
    const afterMidnight = today.set({ hour: 0, minute: 30 });
    const noonBefore = today.minus({ days: 1 }).set({ hour: 12 });
    expect(afterMidnight.toUTC().toISODate()).toBe(noonBefore.toUTC().toISODate());
    for (const at of [noonBefore, afterMidnight]) {
      const res = await putPoop(app, rome.cookie, randomUUID(), { createdDate: at.toJSDate().toISOString() });
      expect(res.statusCode).toBe(201);
    }
    const romeToday = today.toISODate()!;
    const romeYesterday = today.minus({ days: 1 }).toISODate()!;

    const streak = await app.inject({ method: 'GET', url: '/api/streak', headers: { cookie: rome.cookie } });
    expect(streak.json<StreakStatus>()).toMatchObject({ currentStreak: 2, postedDays: [romeToday, romeYesterday] });

    // Without `tz`, the diary reads the account's days: the 00:30 movement is on today's Rome day.
    const diary = await app.inject({
      method: 'GET',
      url: `/api/me/diary?from=${romeToday}&to=${romeToday}`,
      headers: { cookie: rome.cookie },
    });
    expect(diary.statusCode).toBe(200);
    const entries = diary.json<{ entries: DiaryEntry[] }>().entries;
    expect(entries.map((entry) => [entry.occurredAt, entry.day, entry.timeZone])).toEqual([
      [afterMidnight.toJSDate().toISOString(), romeToday, 'Europe/Rome'],
    ]);
  });

  it('posting at 22:00 every evening in Los Angeles keeps a daily streak', async () => {
    const { app, database } = await buildWithFiles();
    const la = await signInMonthOld(app, database);
    const zoned = await app.inject({
      method: 'PATCH',
      url: '/api/streak/settings',
      headers: { cookie: la.cookie },
      payload: { timeZone: 'America/Los_Angeles' },
    });
    expect(zoned.statusCode).toBe(200);
    // The last three 22:00s in Los Angeles (05:00 or 06:00 UTC, the next day in New York and UTC).
    const now = DateTime.now().setZone('America/Los_Angeles');
    const lastEvening = (now.hour >= 22 ? now : now.minus({ days: 1 })).set({ hour: 22, minute: 0, second: 0, millisecond: 0 });
    const evenings = [lastEvening.minus({ days: 2 }), lastEvening.minus({ days: 1 }), lastEvening];
    // And 20:30 on the first evening (the same Los Angeles day, the day before in New York).
    for (const at of [evenings[0]!.set({ hour: 20, minute: 30 }), ...evenings]) {
      const res = await putPoop(app, la.cookie, randomUUID(), { createdDate: at.toJSDate().toISOString() });
      expect(res.statusCode).toBe(201);
    }
    const streak = await app.inject({ method: 'GET', url: '/api/streak', headers: { cookie: la.cookie } });
    expect(streak.json<StreakStatus>()).toMatchObject({
      currentStreak: 3,
      longestStreak: 3,
      postedDays: evenings.map((at) => at.toISODate()).reverse(),
    });
  });
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/database';
import { buildOn, openSession, signIn, signUpOnEmulator } from './helpers';
import { scalar } from './poop-helpers';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/** A folder with today's migrations up to `last` (an earlier release), and any `extra` files. */
function migrationsUpTo(last: number, extra: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-migrations-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const file of fs.readdirSync(MIGRATIONS).filter((f) => /^\d{4}_.+\.sql$/.test(f) && Number(f.slice(0, 4)) <= last)) {
    fs.copyFileSync(path.join(MIGRATIONS, file), path.join(dir, file));
  }
  for (const [file, text] of Object.entries(extra)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

/** Always a fresh, empty database (not the run's migrated template). */
async function emptyDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  const schemaName = url ? `t_up_${Math.random().toString(36).slice(2, 10)}` : undefined;
  const database = await openDatabase(url ? { url, schemaName } : {});
  onTestFinished(async () => {
    await database.close();
    if (url && schemaName) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schemaName} CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS ${schemaName}_jobs CASCADE`);
      await admin.end();
    }
  });
  return database;
}

describe('migrations', () => {
  it('a failing migration leaves the database as it was and the error names it', async () => {
    const database = await emptyDatabase();
    const broken = migrationsUpTo(10, {
      '0011_broken.sql': `CREATE TABLE upgrade_probe (id int PRIMARY KEY);\nINSERT INTO upgrade_probe VALUES (1);\nSELECT no_such_function();`,
    });
    await expect(migrate(database, broken)).rejects.toThrow(/^migration 0011_broken\.sql failed and was rolled back/);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM schema_migrations WHERE version = 11`)).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM pg_tables WHERE tablename = 'upgrade_probe'`)).toBe(0);
    // Everything before it stayed applied.
    expect(await scalar(database, sql`SELECT max(version) AS n FROM schema_migrations`)).toBe(10);
  });

  it("a database made by an earlier release's migrations upgrades to today's and reads back through the API", async () => {
    const database = await emptyDatabase();
    // The release before the health diary, leagues and achievements (0070 and later).
    await migrate(database, migrationsUpTo(60));
    await database.execScript(`
      INSERT INTO users (uid, email, username, username_searchable)
        VALUES ('old-user-1', 'old@example.com', 'oldtimer', 'oldtimer'), ('old-user-2', 'fan@example.com', 'oldfan', 'oldfan');
      INSERT INTO follows (follower_uid, followee_uid) VALUES ('old-user-2', 'old-user-1');
    `);
    const ran = await migrate(database);
    expect(ran[0]).toBe('0070_hidden_cells.sql');
    const { app } = await buildOn(database);
    const viewer = await signIn(app);
    const res = await app.inject({ method: 'GET', url: '/api/users/old-user-1', headers: { cookie: viewer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { username: 'oldtimer' } });
  });

  it("a database of the release before 0085, filled with one of everything, reads back through today's API", async () => {
    const database = await emptyDatabase();
    // The release with the diary, exports, streak freezes, leagues and achievements, before export
    // attempts (0085), league removals (0086) and each activity's own zone (0090).
    await migrate(database, migrationsUpTo(78));
    const ana = await signUpOnEmulator();
    const ben = await signUpOnEmulator();
    const [post, comment, diaryOnly, health, league, conversation, message, freeze, exportId, note] = Array.from({ length: 10 }, () =>
      randomUUID(),
    );
    await database.execScript(`
      INSERT INTO users (uid, email, username, username_searchable, premium, subscription_status, time_zone, current_streak, longest_streak, welcomed_at, created_at)
        VALUES ('${ana.uid}', '${ana.email}', 'ana_old', 'ana_old', true, 'active', 'Europe/Rome', 3, 9, now(), '2026-11-01T08:00:00Z'),
               ('${ben.uid}', '${ben.email}', 'ben_old', 'ben_old', true, 'active', NULL, 0, 0, now(), '2026-11-01T08:00:00Z');
      INSERT INTO follows (follower_uid, followee_uid) VALUES ('${ben.uid}', '${ana.uid}');
      INSERT INTO poops (id, uid, username, type, title, status, image_key, width, height, geohash, latitude, longitude,
                         created_date, modified_date, show_in_map, place_hidden)
        VALUES ('${post}', '${ana.uid}', 'ana_old', 'Type 4', 'before the upgrade', 'approved', 'poops/${post}', 640, 480,
                'u0nd9hd', 45.46, 9.19, '2026-11-30T09:00:00Z', '2026-11-30T09:00:00Z', true, true);
      INSERT INTO map_hidden_cells (uid, cell) VALUES ('${ana.uid}', 'u0nd9');
      INSERT INTO likes (uid, poop_id) VALUES ('${ben.uid}', '${post}');
      INSERT INTO comments (id, poop_id, uid, text, created) VALUES ('${comment}', '${post}', '${ben.uid}', 'well done', '2026-11-30T10:00:00Z');
      INSERT INTO health_entries (id, uid, poop_id, occurred_at, urgency, pain, blood, note)
        VALUES ('${health}', '${ana.uid}', '${post}', '2026-11-30T09:00:00Z', true, 3, false, 'after coffee');
      INSERT INTO health_entries (id, uid, occurred_at, type, straining, note, created_at)
        VALUES ('${diaryOnly}', '${ana.uid}', '2026-12-01T23:30:00Z', 'Type 2', true, 'diary only', '2026-12-01T23:31:00Z');
      INSERT INTO notifications (id, uid, kind, message, actor_uid, poop_id, link, push_state)
        VALUES ('${note}', '${ana.uid}', 'poop_liked', 'ben_old liked your post', '${ben.uid}', '${post}', '/root/notifications', 'done');
      INSERT INTO leagues (id, name, owner_uid, code) VALUES ('${league}', 'Old friends', '${ana.uid}', 'OLDCODE1');
      INSERT INTO league_members (league_id, uid) VALUES ('${league}', '${ana.uid}'), ('${league}', '${ben.uid}');
      INSERT INTO achievements (uid, key, earned_at, shown) VALUES ('${ana.uid}', 'first_post', '2026-11-30T09:00:00Z', true);
      INSERT INTO streak_freezes (id, uid, bought_at, price) VALUES ('${freeze}', '${ana.uid}', '2026-11-29T09:00:00Z', 100);
      INSERT INTO chat_conversations (id, user_a, user_b, last_message_at)
        VALUES ('${conversation}', '${ana.uid < ben.uid ? ana.uid : ben.uid}', '${ana.uid < ben.uid ? ben.uid : ana.uid}', '2026-11-30T11:00:00Z');
      INSERT INTO chat_messages (id, conversation_id, sender_uid, body, created_at)
        VALUES ('${message}', '${conversation}', '${ben.uid}', 'hello from the old release', '2026-11-30T11:00:00Z');
      INSERT INTO data_exports (id, uid, status, storage_key, size, ready_at, expires_at)
        VALUES ('${exportId}', '${ana.uid}', 'ready', 'exports/${ana.uid}/${exportId}.zip', 1234, now(), now() + interval '1 day');
    `);
    const ran = await migrate(database);
    expect(ran[0]).toBe('0085_data_export_attempts.sql');
    const { app } = await buildOn(database);
    const a = await openSession(app, ana.idToken);
    const b = await openSession(app, ben.idToken);
    expect(a.user).toMatchObject({ uid: ana.uid, username: 'ana_old' });
    const get = async (cookie: string, url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };

    expect(await get(a.cookie, `/api/poops/${post}`)).toMatchObject({
      poop: { id: post, title: 'before the upgrade', likes: 1, comments: 1 },
    });
    expect(await get(a.cookie, `/api/poops/${post}/health`)).toMatchObject({
      details: { urgency: true, pain: 3, blood: false, note: 'after coffee' },
    });
    const comments = await get(b.cookie, `/api/poops/${post}/comments?limit=10`);
    expect(comments.comments.map((c: { id: string; text: string }) => [c.id, c.text])).toEqual([[comment, 'well done']]);
    const diary = await get(a.cookie, '/api/me/diary?from=2026-11-29&to=2026-12-03');
    const entries = (diary.entries as { id: string; day: string; timeZone: string; details: { note: string } }[]).map((e) => [
      e.id,
      e.day,
      e.timeZone,
      e.details.note,
    ]);
    // Written before zones were kept per entry: they take the account's recorded zone (0090), so
    // 23:30 UTC on 1 December is Ana's 2 December in Rome.
    expect(entries.sort()).toEqual(
      [
        [post, '2026-11-30', 'Europe/Rome', 'after coffee'],
        [diaryOnly, '2026-12-02', 'Europe/Rome', 'diary only'],
      ].sort(),
    );
    const notifications = await get(a.cookie, '/api/notifications');
    expect(notifications.notifications.map((n: { id: string }) => n.id)).toContain(note);
    const leagues = await get(b.cookie, '/api/leagues');
    expect(leagues.leagues).toEqual([expect.objectContaining({ id: league, name: 'Old friends' })]);
    expect((await get(a.cookie, '/api/me/achievements')).achievements).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'first_post', earnedAt: '2026-11-30T09:00:00.000Z' })]),
    );
    const thread = await get(a.cookie, `/api/chat/with/${ben.uid}/messages`);
    expect(thread.messages.map((m: { id: string; body?: string; text?: string }) => m.id)).toEqual([message]);
    const exports = await get(a.cookie, '/api/me/exports');
    expect(JSON.stringify(exports)).toContain(exportId);
    const streak = await get(a.cookie, '/api/streak');
    expect(streak).toMatchObject({ timeZone: 'Europe/Rome', reminders: true });
    expect(streak.postedDays).toEqual(expect.arrayContaining(['2026-11-30', '2026-12-02']));
    // The freeze bought before the upgrade: still held, or spent on the day between the two.
    expect(streak.freezesHeld + streak.frozenDays.length).toBe(1);
    expect(await get(b.cookie, `/api/users/${ana.uid}`)).toMatchObject({ user: { username: 'ana_old', followers: 1 } });
    // The hidden cell stays hidden: its owner's places still list it.
    expect((await get(a.cookie, '/api/map/places')).hiddenCells).toEqual(['u0nd9']);
  }, 60_000);
  it('0091 reads the stored English sentences of notifications into a kind and params, and keeps what it cannot read', async () => {
    const database = await emptyDatabase();
    await migrate(database, migrationsUpTo(90));
    const rows: [string, string][] = [
      ['poop_liked', 'old.fan liked your post'],
      ['followed', 'old.fan started following you'],
      ['poop_type_changed', 'A moderator changed the type of your post to Type 4'],
      ['achievement_earned', 'You earned "First week"'],
      ['league_won', 'You won the week in Office Loos!'],
      ['league_joined', 'old.fan joined The Bog Club'],
      ['poop_approved', 'A moderator approved your post: it is in the feed now'],
      ['data_export_ready', 'Your data is ready to download for the next 24 hours.'],
      ['streak_reminder', 'Your 12-day streak ends in 4 hours'],
      ['streak_reminder', 'Your 3-day streak uses a freeze in 1 minute. Post to keep it.'],
      ['poop_liked', 'Something a hand-made row said'],
    ];
    await database.execScript(`
      INSERT INTO users (uid, email, username, username_searchable) VALUES ('n-user', 'n@example.com', 'reader', 'reader');
      INSERT INTO notifications (id, uid, kind, message, is_read) VALUES
        ${rows.map(([kind, message], i) => `('00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}', 'n-user', '${kind}', '${message}', false)`).join(',\n')};
    `);
    await migrate(database);
    const read = async (i: number) => {
      const result = await database.db.execute<{ params: unknown; message: string | null }>(
        sql`SELECT params, message FROM notifications WHERE id = ${`00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`}::uuid`,
      );
      const list = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
      return list[0] as { params: unknown; message: string | null };
    };
    expect(await read(0)).toEqual({ params: { actorName: 'old.fan' }, message: null });
    expect(await read(1)).toEqual({ params: { actorName: 'old.fan' }, message: null });
    expect(await read(2)).toEqual({ params: { poopType: 'Type 4' }, message: null });
    expect(await read(3)).toEqual({ params: { achievementTitle: 'First week' }, message: null });
    expect(await read(4)).toEqual({ params: { leagueName: 'Office Loos' }, message: null });
    expect(await read(5)).toEqual({ params: { actorName: 'old.fan', leagueName: 'The Bog Club' }, message: null });
    expect(await read(6)).toEqual({ params: {}, message: null });
    expect(await read(7)).toEqual({ params: { hours: 24 }, message: null });
    expect(await read(8)).toEqual({ params: { days: 12, minutesLeft: 240, usesFreeze: false }, message: null });
    expect(await read(9)).toEqual({ params: { days: 3, minutesLeft: 1, usesFreeze: true }, message: null });
    // Nothing is lost: a sentence the upgrade cannot read stays, and is shown as it is.
    expect(await read(10)).toEqual({ params: {}, message: 'Something a hand-made row said' });
  });
});

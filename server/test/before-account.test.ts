import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { POST_TIME_MAX_AGE_DAYS } from '../../core/constants';
import type { LeagueBoardResponse } from '../../core/league-api';
import { identityCreatedOnEmulator, openSession, signIn, signUpOnEmulator } from './helpers';
import { buildWithFiles, putPoop } from './poop-helpers';

/**
 * Issue 61 §2: nothing dated before the account existed earns (server/db/activity.ts
 * `activitySql`). A post may be dated POST_TIME_MAX_AGE_DAYS back, even on a new account: it is
 * posted and shown, and earns no streak, league standing or achievement for the days before.
 * The account starts when its identity was made (Firebase's creation time), never after now.
 */
const DAY = 24 * 3_600_000;

async function postAt(app: FastifyInstance, cookie: string, at: Date) {
  const id = randomUUID();
  const res = await putPoop(app, cookie, id, { createdDate: at.toISOString() });
  expect(res.statusCode, res.body).toBe(201);
  return { id, earned: res.json().earned as { streak: number; achievements: string[] } };
}

describe('posts dated before the account', () => {
  it('a new account backdating a week of posts gets a streak of 1, no streak_7, and 1 on its league board; the posts stay', async () => {
    const { app } = await buildWithFiles();
    const newcomer = await signIn(app);
    const now = Date.now();
    const backdated = [];
    // One post a day for the six days before the account (the oldest a post may be dated), then today.
    for (let days = POST_TIME_MAX_AGE_DAYS - 1; days >= 1; days -= 1) {
      const { id, earned } = await postAt(app, newcomer.cookie, new Date(now - days * DAY));
      expect(earned.streak).toBe(0);
      backdated.push(id);
    }
    const today = await postAt(app, newcomer.cookie, new Date(now));
    expect(today.earned.streak).toBe(1);
    expect(today.earned.achievements).not.toContain('streak_7');

    const streak = await app.inject({ method: 'GET', url: '/api/streak', headers: { cookie: newcomer.cookie } });
    expect(streak.json()).toMatchObject({ currentStreak: 1 });
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: newcomer.cookie } });
    expect(me.json().user).toMatchObject({ currentStreak: 1, longestStreak: 1 });
    const achievements = await app.inject({ method: 'GET', url: '/api/me/achievements', headers: { cookie: newcomer.cookie } });
    const streak7 = achievements
      .json<{ achievements: Array<{ key: string; earnedAt: string | null }> }>()
      .achievements.find((a) => a.key === 'streak_7');
    expect(streak7).toMatchObject({ earnedAt: null });

    // In a league: the board shows the streak of one day.
    const leagueId = randomUUID();
    const created = await app.inject({
      method: 'PUT',
      url: `/api/leagues/${leagueId}`,
      headers: { cookie: newcomer.cookie },
      payload: { name: 'Newcomers' },
    });
    expect(created.statusCode).toBe(201);
    const board = await app.inject({ method: 'GET', url: `/api/leagues/${leagueId}`, headers: { cookie: newcomer.cookie } });
    const row = board.json<LeagueBoardResponse>().board.find((r) => r.username === newcomer.user.username);
    expect(row).toMatchObject({ currentStreak: 1, daysLogged: 1 });

    // The backdated posts are posted and shown all the same.
    for (const id of backdated) {
      const res = await app.inject({ method: 'GET', url: `/api/poops/${id}`, headers: { cookie: newcomer.cookie } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('an account whose identity was made ten days before its first sign-in starts then: eight days of posts earn a streak of 8 and streak_7', async () => {
    const { app } = await buildWithFiles();
    const account = await signUpOnEmulator();
    // A whole second: Firebase keeps an identity's creation time to the second.
    const made = new Date(Math.floor((Date.now() - 10 * DAY) / 1000) * 1000);
    await identityCreatedOnEmulator(account.uid, made);
    const { cookie, user } = await openSession(app, account.idToken);
    expect(user.createdAt).toBe(made.toISOString());

    const now = Date.now();
    const achievements: string[] = [];
    for (let days = POST_TIME_MAX_AGE_DAYS; days >= 1; days -= 1) {
      achievements.push(...(await postAt(app, cookie, new Date(now - days * DAY))).earned.achievements);
    }
    const today = await postAt(app, cookie, new Date(now));
    expect(today.earned.streak).toBe(8);
    expect(achievements).toContain('streak_7');
  });

  it('an identity whose creation time is ahead of the clock opens an account that starts now', async () => {
    const { app } = await buildWithFiles();
    const account = await signUpOnEmulator();
    await identityCreatedOnEmulator(account.uid, new Date(Date.now() + 3 * DAY));
    const before = Date.now();
    const { user } = await openSession(app, account.idToken);
    const after = Date.now();
    const createdAt = new Date(user.createdAt).getTime();
    expect(createdAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(createdAt).toBeLessThanOrEqual(after + 1_000);
  });

  it("a later sign-in leaves the account's start as it was", async () => {
    const { app } = await buildWithFiles();
    const account = await signUpOnEmulator();
    const { user } = await openSession(app, account.idToken);
    await identityCreatedOnEmulator(account.uid, new Date(Date.now() - 30 * DAY));
    const again = await openSession(app, account.idToken);
    expect(again.user.createdAt).toBe(user.createdAt);
  });
});

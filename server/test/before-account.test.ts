import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { POST_TIME_MAX_AGE_DAYS } from '../../core/constants';
import type { LeagueBoardResponse } from '../../core/league-api';
import { signIn } from './helpers';
import { buildWithFiles, putPoop } from './poop-helpers';

/**
 * Issue 61 §2: nothing dated before the account existed earns (server/db/activity.ts
 * `activitySql`). A post may be dated POST_TIME_MAX_AGE_DAYS back, even on a new account: it is
 * posted and shown, and earns no streak, league standing or achievement for the days before.
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
});

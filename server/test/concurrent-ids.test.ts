import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EMPTY_HEALTH_DETAILS } from '../../core/diary';
import { healthEntries } from '../db/schema';
import { build, signIn } from './helpers';

// Issue 61: on PostgreSQL, two users putting the same new id at once got a 500 (a diary entry) or
// both a 201 (a streak freeze, the loser's answer claiming a freeze it did not have). Run with
// TEST_DATABASE_URL to race on PostgreSQL; on PGlite the writes take turns.
const TRIES = 8;

function putEntry(app: FastifyInstance, cookie: string, id: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/me/diary/${id}`,
    headers: { cookie },
    payload: { type: 'Type 4', occurredAt: new Date().toISOString(), details: EMPTY_HEALTH_DETAILS },
  });
}

function buyFreeze(app: FastifyInstance, cookie: string, id: string) {
  return app.inject({ method: 'PUT', url: `/api/streak/freezes/${id}`, headers: { cookie }, payload: {} });
}

describe('one id put by two users at once (issue 61)', () => {
  it('a diary entry: one is saved, the other is not found, never a 500', async () => {
    const { app, database } = await build();
    const [one, two] = [await signIn(app), await signIn(app)];
    for (let i = 0; i < TRIES; i++) {
      const id = randomUUID();
      const answers = await Promise.all([putEntry(app, one.cookie, id), putEntry(app, two.cookie, id)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 404]);
      const loser = answers.find((res) => res.statusCode === 404);
      expect(loser?.json()).toMatchObject({ error: { code: 'not_found' } });
      // The entry is the winner's, in the database too.
      const winner = answers[0]?.statusCode === 201 ? one : two;
      const rows = await database.db.select({ uid: healthEntries.uid }).from(healthEntries).where(eq(healthEntries.id, id));
      expect(rows).toEqual([{ uid: winner.user.uid }]);
    }
  }, 120_000);

  it('a streak freeze: one buys it, the other gets 409, and each answer is what the database holds', async () => {
    const { app } = await build();
    for (let i = 0; i < TRIES; i++) {
      const [one, two] = [await signIn(app), await signIn(app)];
      const id = randomUUID();
      const answers = await Promise.all([buyFreeze(app, one.cookie, id), buyFreeze(app, two.cookie, id)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      const winner = answers.find((res) => res.statusCode === 201);
      expect(winner?.json()).toMatchObject({ freezesHeld: 1, currentPoints: 200 });
      expect(answers.find((res) => res.statusCode === 409)?.json()).toMatchObject({ error: { code: 'conflict' } });
      const truths = await Promise.all(
        [one, two].map(async (who) => (await app.inject({ method: 'GET', url: '/api/streak', headers: { cookie: who.cookie } })).json()),
      );
      const claimed = answers.map((res) =>
        res.statusCode === 201 ? { freezesHeld: 1, currentPoints: 200 } : { freezesHeld: 0, currentPoints: 300 },
      );
      expect(truths.map(({ freezesHeld, currentPoints }) => ({ freezesHeld, currentPoints }))).toEqual(claimed);
    }
  }, 180_000);
});

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { build, signIn } from './helpers';

// Issue 61: 40 one-person leagues in 0.8 s farmed points; a removed member rejoined with the same code.
type Session = Awaited<ReturnType<typeof signIn>>;

const create = (app: FastifyInstance, owner: Session, name = 'Friends') =>
  app.inject({ method: 'PUT', url: `/api/leagues/${randomUUID()}`, headers: { cookie: owner.cookie }, payload: { name } });
const join = (app: FastifyInstance, who: Session, code: string) =>
  app.inject({ method: 'PUT', url: `/api/leagues/join/${code}`, headers: { cookie: who.cookie } });
const codeOf = (res: { json: () => unknown }) => (res.json() as { league: { code: string } }).league.code;

describe('league limits (issue 61)', () => {
  it('a person owns at most 3 leagues, even asked for at once, and belongs to at most 10', async () => {
    const { app } = await build();
    const owner = await signIn(app);
    const created = await Promise.all(Array.from({ length: 6 }, () => create(app, owner)));
    expect(created.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(created.find((res) => res.statusCode === 409)?.json()).toEqual({
      error: { code: 'league_limit', message: 'You own 3 leagues already. Leave one to create another.' },
    });

    const joiner = await signIn(app);
    const hosts = [await signIn(app), await signIn(app), await signIn(app), await signIn(app)];
    const codes: string[] = [];
    for (const host of hosts) for (let i = 0; i < 3; i++) codes.push(codeOf(await create(app, host)));
    const joined = await Promise.all(codes.map((code) => join(app, joiner, code)));
    expect(joined.filter((res) => res.statusCode === 200)).toHaveLength(10);
    expect(joined.filter((res) => res.statusCode === 409).map((res) => res.json().error.code)).toEqual(['league_limit', 'league_limit']);
    const mine = await app.inject({ method: 'GET', url: '/api/leagues', headers: { cookie: joiner.cookie } });
    expect(mine.json().leagues).toHaveLength(10);
  }, 120_000);

  it('a removed member cannot rejoin with the same code; a new code lets them in', async () => {
    const { app } = await build();
    const [owner, member] = [await signIn(app), await signIn(app)];
    const made = await create(app, owner);
    const { id } = made.json().league;
    const code = codeOf(made);
    expect((await join(app, member, code)).statusCode).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/leagues/${id}/members/${member.user.uid}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBeLessThan(300);

    const again = await join(app, member, code);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: { code: 'not_found' } });
    const rotated = await app.inject({ method: 'POST', url: `/api/leagues/${id}/code`, headers: { cookie: owner.cookie } });
    expect((await join(app, member, codeOf(rotated))).statusCode).toBe(200);
  }, 120_000);
});

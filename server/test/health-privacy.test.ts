import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMPTY_HEALTH_DETAILS, type HealthDetails } from '../../core/diary';
import { aiStandIn } from './moderation-stand-ins';
import { putPoop, scalar } from './poop-helpers';
import { apiRoutes, call, ROUTE_MATRIX } from './route-matrix';
import { buildWorld, type Role } from './route-world';
import { until } from './poll';

/**
 * Issue 43: a user's health details reach nobody but their author. The owner's posts (public and
 * private) and a diary-only entry carry distinctive details; every GET route the server registers
 * (its route table, as authorization-matrix.test.ts walks it) is read by everyone else, admins
 * and reviewers included, and no answer (body, headers, cursors, counts, errors) may carry them.
 * The AI screening's requests (the provider's stand-in) and the dataset export never carry them either.
 */
const NOTE = 'ZZSECRETNOTE';
const DIARY_NOTE = 'ZZSECRETDIARY';
const SECRET_DETAILS: HealthDetails = {
  ...EMPTY_HEALTH_DETAILS,
  urgency: true,
  straining: true,
  incompleteEmptying: true,
  pain: 7,
  blood: true,
  mucus: true,
  colour: 'black',
  atNight: true,
  medicine: true,
  note: NOTE,
};
/** Names only health details carry: none of our other answers uses them. */
const DETAIL_NAMES = ['incompleteEmptying', 'straining', 'atNight', '"mucus"', NOTE];

const READERS: Role[] = ['anonymous', 'guest', 'other', 'premium', 'admin', 'reviewer', 'reviewer2', 'reviewer3'];

describe('health details stay their author’s', () => {
  it('no GET route answers them to anyone else; AI screening and the dataset export never see them', async () => {
    const ai = await aiStandIn(() => 'ok', 'Type 4');
    const world = await buildWorld({ AI_BASE_URL: ai.url });
    const owner = world.callers.owner;
    const inject = (method: 'PUT' | 'POST', url: string, payload: object, cookie = owner.cookie) =>
      world.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

    // Distinctive details on both of the owner's posts, on a new post sent with them, and a diary-only entry.
    for (const id of [world.targets.publicPost, world.targets.privatePost]) {
      expect((await inject('PUT', `/api/poops/${id}/health`, SECRET_DETAILS)).statusCode).toBe(200);
    }
    const withDetails = randomUUID();
    const posted = await putPoop(world.app, owner.cookie, withDetails, {
      title: 'Posted with details',
      health: JSON.stringify(SECRET_DETAILS),
    });
    expect(posted.statusCode).toBe(201);
    const entry = randomUUID();
    expect(
      (
        await inject('PUT', `/api/me/diary/${entry}`, {
          type: 'Type 6',
          occurredAt: new Date().toISOString(),
          details: { ...SECRET_DETAILS, note: DIARY_NOTE },
        })
      ).statusCode,
    ).toBe(201);
    // The author does read them (so the search below looks for something that is there).
    const own = await world.app.inject({ method: 'GET', url: `/api/poops/${withDetails}/health`, headers: { cookie: owner.cookie! } });
    expect(own.body).toContain(NOTE);

    const routes = apiRoutes(world).filter((key) => key.startsWith('GET ') || key.startsWith('HEAD '));
    expect(routes).toContain('GET /api/poops/:id/health');
    expect(routes).toContain('GET /api/me/diary');
    const postTargets = [world.targets.publicPost, world.targets.privatePost, withDetails];
    const leaks: string[] = [];
    let calls = 0;
    for (const key of routes) {
      const access = ROUTE_MATRIX[key];
      if (!access) throw new Error(`${key} is not in route-matrix.ts`);
      const [method, url] = key.split(' ') as [string, string];
      const isPostRoute = access.target === 'publicPost' || access.target === 'privatePost';
      const targets = isPostRoute
        ? postTargets
        : access.target === 'diaryEntry'
          ? [entry]
          : [
              access.target
                ? (world.targets[access.target as keyof typeof world.targets] ?? (await world.fresh(access.target)))
                : undefined,
            ];
      for (const role of READERS) {
        for (const target of targets) {
          const res = await call(world, method, url, world.callers[role], access, target);
          calls += 1;
          const seen = `${JSON.stringify(res.headers)}\n${res.body}`;
          // The API's own description (OpenAPI) names the fields, as it names every field; it holds no one's values.
          const names = url.startsWith('/api/docs') ? [NOTE] : DETAIL_NAMES;
          for (const name of names) if (seen.includes(name)) leaks.push(`${key} as ${role} (${target ?? '-'}): ${name}`);
          if (seen.includes(DIARY_NOTE)) leaks.push(`${key} as ${role}: the diary-only entry's note`);
          if (res.statusCode >= 500) leaks.push(`${key} as ${role}: ${res.statusCode}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(100);

    // The post sent with its details was screened: the provider's request carried the image, not the details.
    await until(
      'the AI screening',
      async () =>
        (await scalar(world.database, sql`SELECT count(*) AS n FROM poops WHERE id = ${withDetails} AND ai_screening IS NOT NULL`)) === 1,
      { timeoutMs: 30_000 },
    );
    expect(ai.received.length).toBeGreaterThan(0);
    for (const request of ai.received) {
      const text = request.body.toString('utf8');
      for (const name of [NOTE, DIARY_NOTE, 'incompleteEmptying', 'straining']) expect(text).not.toContain(name);
    }

    // The dataset export (saving the image, as an admin does) writes the image only.
    const save = await world.app.inject({
      method: 'POST',
      url: '/api/saveImageToDrive',
      headers: { cookie: world.callers.admin.cookie! },
      payload: { downloadUrl: `/api/media/poops/${world.targets.publicPost}/display`, type: 'Type 4' },
    });
    expect(save.statusCode).toBe(200);
    const datasetFiles = world.files().filter((file) => file.includes('dataset'));
    expect(datasetFiles.length).toBeGreaterThan(0);
    for (const file of world.files()) {
      const bytes = fs.readFileSync(path.join(world.filesDir, file)).toString('latin1');
      expect(bytes).not.toContain(NOTE);
      expect(bytes).not.toContain(DIARY_NOTE);
    }
  }, 300_000);
});

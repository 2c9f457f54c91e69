import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '../../core/idempotency';
import type { Database } from '../db/database';
import { idempotencyRequestHash } from '../plugins/idempotency';
import { signIn } from './helpers';
import { buildWithFiles, putPoop, scalar } from './poop-helpers';

/** Every row and counter a replayed write could change, in one comparable object. */
async function snapshot(database: Database) {
  const q = (query: ReturnType<typeof sql>) => scalar(database, query);
  return {
    poops: await q(sql`SELECT count(*) AS n FROM poops`),
    deleted: await q(sql`SELECT count(*) AS n FROM poops WHERE deleted`),
    likes: await q(sql`SELECT count(*) AS n FROM likes`),
    likeCounts: await q(sql`SELECT coalesce(sum(likes), 0) AS n FROM poops`),
    comments: await q(sql`SELECT count(*) AS n FROM comments`),
    commentCounts: await q(sql`SELECT coalesce(sum(comments), 0) AS n FROM poops`),
    commentLikes: await q(sql`SELECT count(*) AS n FROM likes_comment`),
    commentLikeCounts: await q(sql`SELECT coalesce(sum(likes), 0) AS n FROM comments`),
    follows: await q(sql`SELECT count(*) AS n FROM follows`),
    followers: await q(sql`SELECT coalesce(sum(followers), 0) AS n FROM users`),
    followings: await q(sql`SELECT coalesce(sum(followings), 0) AS n FROM users`),
    points: await q(sql`SELECT coalesce(sum(accumulated_points), 0) AS n FROM users`),
    support: await q(sql`SELECT count(*) AS n FROM support`),
    notifications: await q(sql`SELECT count(*) AS n FROM notifications`),
  };
}

/** A queued write as the outbox keeps it: replayable any number of times. */
type Write = (app: FastifyInstance) => Promise<LightMyRequestResponse>;

function json(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object, key?: string): Write {
  return (app) =>
    app.inject({ method, url, headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) }, ...(payload ? { payload } : {}) });
}

function post(cookie: string, id: string): Write {
  return async (app) => putPoop(app, cookie, id, { title: `post ${id.slice(0, 4)}` });
}

/**
 * The answer without what legitimately differs between a first write and its replay: 201 vs 200,
 * and what a new post earned (its streak day, points), which only the write that earned it says.
 */
function answer(res: LightMyRequestResponse) {
  const body =
    res.body === '' ? res.body : JSON.stringify(JSON.parse(res.body), (key, value: unknown) => (key === 'earned' ? undefined : value));
  return { status: res.statusCode === 201 ? 200 : res.statusCode, body };
}

describe('replaying queued writes', () => {
  it('every kind of write replayed twice: one row, one count change, the same answer', async () => {
    const { app, database } = await buildWithFiles();
    const owner = await signIn(app);
    const fan = await signIn(app);
    const poopId = randomUUID();
    const commentId = randomUUID();
    const doomedComment = randomUUID();
    const doomedPoop = randomUUID();
    const writes: Array<[string, Write]> = [
      ['post', post(owner.cookie, poopId)],
      ['second post', post(owner.cookie, doomedPoop)],
      ['like', json('PUT', `/api/poops/${poopId}/like`, fan.cookie)],
      ['comment', json('POST', `/api/poops/${poopId}/comments`, fan.cookie, { id: commentId, text: 'nice' })],
      ['comment with key', json('POST', `/api/poops/${poopId}/comments`, fan.cookie, { id: doomedComment, text: 'meh' }, randomUUID())],
      ['comment like', json('PUT', `/api/comments/${commentId}/like`, owner.cookie)],
      ['follow', json('PUT', `/api/users/${owner.user.uid}/follow`, fan.cookie)],
      ['edit', json('PATCH', `/api/poops/${poopId}`, owner.cookie, { title: 'edited' }, randomUUID())],
      ['support', json('POST', '/api/support', fan.cookie, { id: randomUUID(), message: 'help' })],
      ['settings', json('PATCH', '/api/me', fan.cookie, { darkMode: true }, randomUUID())],
      ['comment delete', json('DELETE', `/api/comments/${doomedComment}`, fan.cookie)],
      ['post delete', json('DELETE', `/api/poops/${doomedPoop}`, owner.cookie)],
    ];
    const saysEarned = (res: LightMyRequestResponse) => res.body !== '' && 'earned' in (res.json<object | null>() ?? {});
    const said: Record<string, [boolean, boolean]> = {};
    for (const [name, write] of writes) {
      const first = await write(app);
      expect(first.statusCode, `${name}: ${first.body}`).toBeLessThan(300);
      const after = await snapshot(database);
      const second = await write(app);
      expect(answer(second), name).toEqual(answer(first));
      said[name] = [saysEarned(first), saysEarned(second)];
      expect(await snapshot(database), name).toEqual(after);
    }
    // A post's first answer says what it earned; its replay earned nothing and says nothing.
    expect([said.post, said['second post'], said.like]).toEqual([
      [true, false],
      [true, false],
      [false, false],
    ]);
    const end = await snapshot(database);
    expect(end).toMatchObject({
      poops: 2,
      deleted: 1,
      likes: 1,
      likeCounts: 1,
      comments: 1,
      commentCounts: 1,
      commentLikes: 1,
      follows: 1,
      support: 1,
    });

    // The undo writes are idempotent too.
    for (const [name, write] of [
      ['unlike', json('DELETE', `/api/poops/${poopId}/like`, fan.cookie)],
      ['comment unlike', json('DELETE', `/api/comments/${commentId}/like`, owner.cookie)],
      ['unfollow', json('DELETE', `/api/users/${owner.user.uid}/follow`, fan.cookie)],
    ] as const) {
      const first = await write(app);
      const after = await snapshot(database);
      expect(answer(await write(app)), name).toEqual(answer(first));
      expect(await snapshot(database), name).toEqual(after);
    }
    expect(await snapshot(database)).toMatchObject({
      likes: 0,
      likeCounts: 0,
      commentLikes: 0,
      commentLikeCounts: 0,
      follows: 0,
      followers: 0,
    });
  }, 120_000);

  it('100 mixed queued writes replayed twice give no duplicates and the same answers', async () => {
    const { app, database } = await buildWithFiles();
    const users = await Promise.all(Array.from({ length: 4 }, () => signIn(app)));
    const posts = Array.from({ length: 4 }, (_, i) => ({ id: randomUUID(), author: users[i]! }));
    const queue: Write[] = posts.map((p) => post(p.author.cookie, p.id));
    const commentIds: string[] = [];
    for (let i = 0; queue.length < 100; i += 1) {
      const who = users[i % users.length]!;
      const target = posts[(i * 3) % posts.length]!;
      switch (i % 5) {
        case 0:
          queue.push(json('PUT', `/api/poops/${target.id}/like`, who.cookie));
          break;
        case 1: {
          const id = randomUUID();
          commentIds.push(id);
          queue.push(json('POST', `/api/poops/${target.id}/comments`, who.cookie, { id, text: `c${i}` }, randomUUID()));
          break;
        }
        case 2:
          if (commentIds.length > 0) queue.push(json('PUT', `/api/comments/${commentIds[i % commentIds.length]}/like`, who.cookie));
          break;
        case 3:
          if (target.author !== who) queue.push(json('PUT', `/api/users/${target.author.user.uid}/follow`, who.cookie));
          break;
        default:
          queue.push(json('DELETE', `/api/poops/${posts[(i + 1) % posts.length]!.id}/like`, who.cookie));
      }
    }
    expect(queue).toHaveLength(100);
    // A replay answers the current state: counts moved by later writes differ, the outcome does not.
    const counts = new Set(['likes', 'comments', 'followers', 'followings', 'likedByMe']);
    const outcome = (res: LightMyRequestResponse) => ({
      status: answer(res).status,
      body: JSON.stringify(JSON.parse(res.body || 'null'), (k, v: unknown) => (counts.has(k) || k === 'earned' ? undefined : v)),
    });
    const run = async () => {
      const answers = [];
      for (const write of queue) answers.push(outcome(await write(app)));
      return answers;
    };
    const first = await run();
    expect(
      first.every((a) => a.status < 300),
      JSON.stringify(first.find((a) => a.status >= 300)),
    ).toBe(true);
    const once = await snapshot(database);
    const second = await run();
    const third = await run();
    expect(await snapshot(database)).toEqual(once);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(once.poops).toBe(4);
    expect(once.comments).toBe(commentIds.length);
    expect(once.likeCounts).toBe(once.likes);
    expect(once.commentCounts).toBe(once.comments);
    expect(once.commentLikeCounts).toBe(once.commentLikes);
    expect(once.followers).toBe(once.follows);
  }, 180_000);
});

describe('Idempotency-Key', () => {
  it('same key and body: the stored answer; another body: 422; in flight: 409; expired or stale: runs again', async () => {
    const { app, database } = await buildWithFiles();
    const owner = await signIn(app);
    const poopId = randomUUID();
    expect((await putPoop(app, owner.cookie, poopId)).statusCode).toBe(201);
    const key = randomUUID();
    const edit = (title: string, k = key) =>
      app.inject({
        method: 'PATCH',
        url: `/api/poops/${poopId}`,
        headers: { cookie: owner.cookie, 'idempotency-key': k },
        payload: { title },
      });

    const first = await edit('one');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    const replay = await edit('one');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['content-type']).toContain('application/json');
    expect(replay.body).toBe(first.body); // the same modifiedDate: the edit did not run again

    const other = await edit('two');
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toEqual({ code: 'idempotency_key_reused', message: IDEMPOTENCY_MESSAGES.reusedWithOtherBody });
    expect((await app.inject({ method: 'GET', url: `/api/poops/${poopId}` })).json().poop.title).toBe('one');

    // Keys are per user: another user's same key is theirs alone.
    const stranger = await signIn(app);
    const theirs = await app.inject({
      method: 'PATCH',
      url: `/api/poops/${poopId}`,
      headers: { cookie: stranger.cookie, 'idempotency-key': key },
      payload: { title: 'x' },
    });
    expect(theirs.statusCode).toBe(403);

    // A first request still in flight (its claim stored without an answer): 409, nothing runs.
    const busy = randomUUID();
    const hash = idempotencyRequestHash('PATCH', `/api/poops/${poopId}`, { title: 'three' });
    await database.db.execute(
      sql`INSERT INTO idempotency_keys (uid, key, request_hash, created_at) VALUES (${owner.user.uid}, ${busy}, ${hash}, now())`,
    );
    const inFlight = await edit('three', busy);
    expect(inFlight.statusCode).toBe(409);
    expect(inFlight.json().error.message).toBe(IDEMPOTENCY_MESSAGES.inFlight);
    expect((await app.inject({ method: 'GET', url: `/api/poops/${poopId}` })).json().poop.title).toBe('one');

    // A claim left by a server that died (older than a minute) and an answer older than a day are taken over.
    await database.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '2 minutes' WHERE key = ${busy}`);
    expect((await edit('three', busy)).statusCode).toBe(200);
    await database.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${key}`);
    expect((await edit('four')).json().poop.title).toBe('four');

    // A failure worth retrying is not kept; a permanent one is.
    const gone = randomUUID();
    const missing = await app.inject({
      method: 'PATCH',
      url: `/api/poops/${randomUUID()}`,
      headers: { cookie: owner.cookie, 'idempotency-key': gone },
      payload: { title: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM idempotency_keys WHERE key = ${gone} AND status = 404`)).toBe(1);

    // The header is in the OpenAPI document of the routes that take it.
    const spec = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const params = spec.paths['/api/poops/{id}'].patch.parameters as Array<{ in: string; name: string }>;
    expect(params.some((p) => p.in === 'header' && p.name === 'idempotency-key')).toBe(true);
  }, 60_000);
});

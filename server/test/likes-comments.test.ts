import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH } from '../../core/constants';
import { POOP_MESSAGES } from '../../core/messages';
import { signIn, signInVerified } from './helpers';
import { buildWithFiles, scalar, signInAndPost, uniqueEmail } from './poop-helpers';
import { seededRandom } from '../../core/test/seeded-random';

describe('likes', () => {
  it('PUT and DELETE are idempotent', async () => {
    const { app } = await buildWithFiles();
    const { id } = await signInAndPost(app);
    const fan = await signIn(app);
    const like = (method: 'PUT' | 'DELETE') => app.inject({ method, url: `/api/poops/${id}/like`, headers: { cookie: fan.cookie } });
    expect((await like('PUT')).json()).toEqual({ liked: true, likes: 1 });
    expect((await like('PUT')).json()).toEqual({ liked: true, likes: 1 });
    expect((await like('DELETE')).json()).toEqual({ liked: false, likes: 0 });
    expect((await like('DELETE')).json()).toEqual({ liked: false, likes: 0 });
    expect((await app.inject({ method: 'PUT', url: `/api/poops/${id}/like` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: `/api/poops/${randomUUID()}/like`, headers: { cookie: fan.cookie } })).statusCode).toBe(
      404,
    );
  });

  it('50 concurrent likes and unlikes leave the count equal to the rows', async () => {
    const { app, database } = await buildWithFiles();
    const { id } = await signInAndPost(app);
    const fans = await Promise.all(Array.from({ length: 5 }, () => signIn(app)));
    // Each fan fires 10 interleaved likes and unlikes at once; the last word per fan is random (seeded).
    const random = seededRandom(5);
    const requests = Array.from({ length: 50 }, (_, i) => {
      const fan = fans[i % fans.length]!;
      const method = random() < 0.5 ? 'PUT' : 'DELETE';
      return app.inject({ method, url: `/api/poops/${id}/like`, headers: { cookie: fan.cookie } });
    });
    const answers = await Promise.all(requests);
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);

    const rows = await scalar(database, sql`SELECT count(*) AS n FROM likes WHERE poop_id = ${id}`);
    const counter = await scalar(database, sql`SELECT likes AS n FROM poops WHERE id = ${id}`);
    expect(counter).toBe(rows);
    expect(rows).toBeLessThanOrEqual(fans.length);
    const poop = (await app.inject({ method: 'GET', url: `/api/poops/${id}` })).json().poop;
    expect(poop.likes).toBe(rows);
  });

  it('50 concurrent likes by different users count 50; 50 concurrent unlikes count 0', async () => {
    const { app, database } = await buildWithFiles();
    const { id } = await signInAndPost(app);
    // The likes are what runs concurrently here; the 50 sign-ins go 5 at a time so the Auth
    // emulator (which checks each token's revocation) is not what the test measures.
    const fans: Awaited<ReturnType<typeof signIn>>[] = [];
    while (fans.length < 50) fans.push(...(await Promise.all(Array.from({ length: 5 }, () => signIn(app)))));
    const all = (method: 'PUT' | 'DELETE') =>
      Promise.all(fans.map((fan) => app.inject({ method, url: `/api/poops/${id}/like`, headers: { cookie: fan.cookie } })));
    await all('PUT');
    expect(await scalar(database, sql`SELECT likes AS n FROM poops WHERE id = ${id}`)).toBe(50);
    await all('DELETE');
    expect(await scalar(database, sql`SELECT likes AS n FROM poops WHERE id = ${id}`)).toBe(0);
  }, 60_000);

  it('a deleted liker takes their like (and its count) with them', async () => {
    const { app, database } = await buildWithFiles();
    const { id } = await signInAndPost(app);
    const fan = await signIn(app);
    await app.inject({ method: 'PUT', url: `/api/poops/${id}/like`, headers: { cookie: fan.cookie } });
    await database.db.execute(sql`DELETE FROM users WHERE uid = ${fan.user.uid}`);
    expect(await scalar(database, sql`SELECT likes AS n FROM poops WHERE id = ${id}`)).toBe(0);
  });
});

describe('deleting a user', () => {
  it('cascades through their posts, likes and comments and keeps every counter exact', async () => {
    const { app, database } = await buildWithFiles();
    const author = await signInAndPost(app);
    const other = await signInAndPost(app);
    for (const [cookie, id] of [
      [author.cookie, author.id],
      [author.cookie, other.id],
      [other.cookie, author.id],
    ] as const) {
      await app.inject({ method: 'PUT', url: `/api/poops/${id}/like`, headers: { cookie } });
      await app.inject({ method: 'POST', url: `/api/poops/${id}/comments`, headers: { cookie }, payload: { id: randomUUID(), text: 'x' } });
    }
    await database.db.execute(sql`DELETE FROM users WHERE uid = ${author.user.uid}`);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM poops`)).toBe(1);
    expect(await scalar(database, sql`SELECT likes AS n FROM poops WHERE id = ${other.id}`)).toBe(0);
    expect(await scalar(database, sql`SELECT comments AS n FROM poops WHERE id = ${other.id}`)).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM likes`)).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM comments`)).toBe(0);
  });
});

describe('comments', () => {
  it('create (idempotent by id), list oldest first with paging, counts equal the rows', async () => {
    const { app, database } = await buildWithFiles();
    const { id, cookie } = await signInAndPost(app);
    const friend = await signIn(app);
    const post = (headers: Record<string, string>, payload: object) =>
      app.inject({ method: 'POST', url: `/api/poops/${id}/comments`, headers, payload });

    const commentId = randomUUID();
    const first = await post({ cookie: friend.cookie }, { id: commentId, text: '  Impressive  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json().comment).toMatchObject({
      id: commentId,
      poopId: id,
      uid: friend.user.uid,
      username: friend.user.username,
      text: 'Impressive',
      likes: 0,
      likedByMe: false,
    });
    const replay = await post({ cookie: friend.cookie }, { id: commentId, text: 'Impressive' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().comment).toEqual(first.json().comment);
    const stolen = await post({ cookie }, { id: commentId, text: 'same id, other author' });
    expect(stolen.statusCode).toBe(409);

    for (let i = 0; i < 4; i++) await post({ cookie }, { id: randomUUID(), text: `reply ${i}` });
    expect(await scalar(database, sql`SELECT comments AS n FROM poops WHERE id = ${id}`)).toBe(5);

    const page1 = (await app.inject({ method: 'GET', url: `/api/poops/${id}/comments?limit=3` })).json();
    expect(page1.comments.map((c: { text: string }) => c.text)).toEqual(['Impressive', 'reply 0', 'reply 1']);
    const page2 = (await app.inject({ method: 'GET', url: `/api/poops/${id}/comments?limit=3&cursor=${page1.nextCursor}` })).json();
    expect(page2.comments.map((c: { text: string }) => c.text)).toEqual(['reply 2', 'reply 3']);
    expect(page2.nextCursor).toBeNull();

    const poop = (await app.inject({ method: 'GET', url: `/api/poops/${id}` })).json().poop;
    expect(poop.comments).toBe(5);
  });

  it('refuses empty and too long comments with clear messages', async () => {
    const { app } = await buildWithFiles();
    const { id, cookie } = await signInAndPost(app);
    const post = (text: string) =>
      app.inject({ method: 'POST', url: `/api/poops/${id}/comments`, headers: { cookie }, payload: { id: randomUUID(), text } });
    expect((await post('   ')).json().error.message).toBe(POOP_MESSAGES.commentEmpty);
    expect((await post('')).json().error.message).toBe(POOP_MESSAGES.commentEmpty);
    const long = await post('x'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(POOP_MESSAGES.commentTooLong);
    // The app words it from the reason, the field and the limit, in the reader's language.
    expect(long.json().error).toMatchObject({
      code: 'bad_request',
      reason: 'commentTooLong',
      field: 'text',
      params: { limit: COMMENT_MAX_LENGTH },
    });
    const unsigned = await app.inject({ method: 'POST', url: `/api/poops/${id}/comments`, payload: { id: randomUUID(), text: 'hi' } });
    expect(unsigned.statusCode).toBe(401);
  });

  it('delete by the author, the post owner or an admin; not by others; counts follow', async () => {
    const moderator = uniqueEmail('mod');
    const { app, database } = await buildWithFiles({ ADMIN_EMAILS: moderator });
    const owner = await signInAndPost(app);
    const author = await signIn(app);
    const stranger = await signIn(app);
    const admin = await signInVerified(app, moderator);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const commentId of ids) {
      await app.inject({
        method: 'POST',
        url: `/api/poops/${owner.id}/comments`,
        headers: { cookie: author.cookie },
        payload: { id: commentId, text: 'hello' },
      });
    }
    const del = (commentId: string, cookie: string) =>
      app.inject({ method: 'DELETE', url: `/api/comments/${commentId}`, headers: { cookie } });

    expect((await del(ids[0]!, stranger.cookie)).statusCode).toBe(403);
    expect((await del(ids[0]!, author.cookie)).statusCode).toBe(204);
    expect((await del(ids[0]!, author.cookie)).statusCode).toBe(204);
    expect((await del(ids[1]!, owner.cookie)).statusCode).toBe(204);
    expect((await del(ids[2]!, admin.cookie)).statusCode).toBe(204);
    expect(await scalar(database, sql`SELECT comments AS n FROM poops WHERE id = ${owner.id}`)).toBe(0);
    expect(await scalar(database, sql`SELECT count(*) AS n FROM comments`)).toBe(0);
  });

  it('comment likes are idempotent and counted; likedByMe in the list', async () => {
    const { app, database } = await buildWithFiles();
    const { id, cookie } = await signInAndPost(app);
    const commentId = randomUUID();
    await app.inject({ method: 'POST', url: `/api/poops/${id}/comments`, headers: { cookie }, payload: { id: commentId, text: 'hi' } });
    const fans = await Promise.all(Array.from({ length: 10 }, () => signIn(app)));
    await Promise.all(
      fans.flatMap((fan) => [
        app.inject({ method: 'PUT', url: `/api/comments/${commentId}/like`, headers: { cookie: fan.cookie } }),
        app.inject({ method: 'PUT', url: `/api/comments/${commentId}/like`, headers: { cookie: fan.cookie } }),
      ]),
    );
    expect(await scalar(database, sql`SELECT likes AS n FROM comments WHERE id = ${commentId}`)).toBe(10);
    const unlike = await app.inject({ method: 'DELETE', url: `/api/comments/${commentId}/like`, headers: { cookie: fans[0]!.cookie } });
    expect(unlike.json()).toEqual({ liked: false, likes: 9 });
    const list = (await app.inject({ method: 'GET', url: `/api/poops/${id}/comments`, headers: { cookie: fans[1]!.cookie } })).json();
    expect(list.comments[0]).toMatchObject({ likes: 9, likedByMe: true });
    const missing = await app.inject({ method: 'PUT', url: `/api/comments/${randomUUID()}/like`, headers: { cookie } });
    expect(missing.statusCode).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CommentRepository } from '../../repositories/comment.repository';
import { LikeRepository } from '../../repositories/like.repository';
import { notificationFor } from '../../services/social-effects';
import { addPoop, addUser, countOf, repositoryDatabase, rowsOf } from './fixtures';

const T0 = new Date('2026-11-01T10:00:00.000Z');

describe('LikeRepository', () => {
  it('keeps a post’s like counter equal to its like rows, whatever is repeated', async () => {
    const database = await repositoryDatabase();
    const likes = new LikeRepository(database.db);
    const alice = await addUser(database);
    const bob = await addUser(database);
    const poop = await addPoop(database, alice, T0);
    const rows = () => countOf(database, sql`SELECT count(*) AS n FROM likes WHERE poop_id = ${poop}`);

    expect(await likes.likePoop(bob, poop)).toBe(1);
    expect(await likes.likePoop(bob, poop)).toBe(1);
    expect(await likes.likePoop(alice, poop)).toBe(2);
    expect(await rows()).toBe(2);
    expect(await likes.unlikePoop(bob, poop)).toBe(1);
    expect(await likes.unlikePoop(bob, poop)).toBe(1);
    expect(await rows()).toBe(1);
  });

  it('does the same for comments', async () => {
    const database = await repositoryDatabase();
    const likes = new LikeRepository(database.db);
    const alice = await addUser(database);
    const bob = await addUser(database);
    const poop = await addPoop(database, alice, T0);
    const comment = randomUUID();
    await new CommentRepository(database.db).insert({ id: comment, poopId: poop, uid: bob, text: 'hi', created: T0 });
    const rows = () => countOf(database, sql`SELECT count(*) AS n FROM likes_comment WHERE comment_id = ${comment}`);

    expect(await likes.likeComment(alice, comment)).toBe(1);
    expect(await likes.likeComment(alice, comment)).toBe(1);
    expect(await rows()).toBe(1);
    expect(await likes.unlikeComment(alice, comment)).toBe(0);
    expect(await rows()).toBe(0);
  });

  it('writes a like’s notification and points with it, once: not for a replay, and the points go with the unlike', async () => {
    const database = await repositoryDatabase();
    const likes = new LikeRepository(database.db);
    const alice = await addUser(database, 'alice');
    const bob = await addUser(database, 'bob');
    const poop = await addPoop(database, alice, T0);
    const notification = notificationFor('poop_liked', alice, { uid: bob, username: 'bob' }, poop, poop, T0);
    const like = () => likes.likePoop(bob, poop, { notification, points: { uid: alice, delta: 1 } });
    const points = () => countOf(database, sql`SELECT accumulated_points AS n FROM users WHERE uid = ${alice}`);
    const notified = () =>
      rowsOf<{ kind: string; params: unknown; push_state: string; is_read: boolean; created: string | Date }>(
        database,
        sql`SELECT kind, params, push_state, is_read, created_date AS created FROM notifications WHERE uid = ${alice}`,
      );
    const before = await points();

    expect(await like()).toBe(1);
    expect(await like()).toBe(1);
    expect(await points()).toBe(before + 1);
    const rows = await notified();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'poop_liked', params: notification!.params, push_state: 'pending', is_read: false });
    expect(new Date(rows[0]!.created).toISOString()).toBe(T0.toISOString());

    expect(await likes.unlikePoop(bob, poop, { points: { uid: alice, delta: -1 } })).toBe(0);
    expect(await likes.unlikePoop(bob, poop, { points: { uid: alice, delta: -1 } })).toBe(0);
    expect(await points()).toBe(before);
  });
});

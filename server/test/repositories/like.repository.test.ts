import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CommentRepository } from '../../repositories/comment.repository';
import { LikeRepository } from '../../repositories/like.repository';
import { addPoop, addUser, countOf, repositoryDatabase } from './fixtures';

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
});

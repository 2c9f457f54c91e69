import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CommentRepository } from '../../repositories/comment.repository';
import { LikeRepository } from '../../repositories/like.repository';
import { addPoop, addUser, countOf, minutesAfter, repositoryDatabase } from './fixtures';

const T0 = new Date('2026-11-01T10:00:00.000Z');

describe('CommentRepository', () => {
  it('inserts once per id, lists oldest first through the keyset, and keeps the post’s counter', async () => {
    const database = await repositoryDatabase();
    const comments = new CommentRepository(database.db);
    const alice = await addUser(database);
    const bob = await addUser(database);
    const poop = await addPoop(database, alice, T0);
    const other = await addPoop(database, alice, T0);
    const first = randomUUID();
    const second = randomUUID();
    const third = randomUUID();

    expect(await comments.insert({ id: first, poopId: poop, uid: bob, text: 'one', created: minutesAfter(T0, 1) })).toBe(true);
    expect(await comments.insert({ id: first, poopId: poop, uid: bob, text: 'again', created: minutesAfter(T0, 9) })).toBe(false);
    await comments.insert({ id: second, poopId: poop, uid: alice, text: 'two', created: minutesAfter(T0, 2) });
    await comments.insert({ id: third, poopId: poop, uid: bob, text: 'three', created: minutesAfter(T0, 3) });
    await comments.insert({ id: randomUUID(), poopId: other, uid: bob, text: 'elsewhere', created: minutesAfter(T0, 1) });
    const counter = () => countOf(database, sql`SELECT comments AS n FROM poops WHERE id = ${poop}`);
    expect(await counter()).toBe(3);

    const page = await comments.list({ poopId: poop, limit: 2 });
    expect(page.map((c) => c.text)).toEqual(['one', 'two']);
    expect(page[0]).toMatchObject({ uid: bob, username: expect.any(String), likedByMe: false });
    const next = await comments.list({ poopId: poop, limit: 2, after: { at: minutesAfter(T0, 2).getTime(), id: second } });
    expect(next.map((c) => c.text)).toEqual(['three']);

    await new LikeRepository(database.db).likeComment(alice, third);
    expect(await comments.findView(third, alice)).toMatchObject({ likes: 1, likedByMe: true });
    expect(await comments.findView(third, bob)).toMatchObject({ likedByMe: false });

    await comments.delete(second);
    expect(await comments.findById(second)).toBeUndefined();
    expect(await counter()).toBe(2);
  });
});

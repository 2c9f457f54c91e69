import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FollowRepository } from '../../repositories/follow.repository';
import { addUser, countOf, repositoryDatabase, rowsOf } from './fixtures';

describe('FollowRepository', () => {
  it('adds one row however often it follows, and the counters equal the rows', async () => {
    const database = await repositoryDatabase();
    const follows = new FollowRepository(database.db);
    const alice = await addUser(database);
    const bob = await addUser(database);
    const carol = await addUser(database);
    const edges = () => countOf(database, sql`SELECT count(*) AS n FROM follows`);
    const counters = async (uid: string) =>
      (
        await rowsOf<{ followers: number; followings: number }>(database, sql`SELECT followers, followings FROM users WHERE uid = ${uid}`)
      )[0];

    expect(await follows.follow(alice, bob)).toEqual({ following: true, followers: 1, followings: 1 });
    expect(await follows.follow(alice, bob)).toEqual({ following: true, followers: 1, followings: 1 });
    expect(await edges()).toBe(1);
    expect(await follows.follow(carol, bob)).toEqual({ following: true, followers: 2, followings: 1 });
    expect(await edges()).toBe(2);
    expect(await counters(bob)).toEqual({ followers: 2, followings: 0 });
    expect(await counters(alice)).toEqual({ followers: 0, followings: 1 });

    expect(await follows.unfollow(alice, bob)).toEqual({ following: false, followers: 1, followings: 0 });
    expect(await follows.unfollow(alice, bob)).toEqual({ following: false, followers: 1, followings: 0 });
    expect(await edges()).toBe(1);
    expect(await counters(bob)).toEqual({ followers: 1, followings: 0 });
  });
});

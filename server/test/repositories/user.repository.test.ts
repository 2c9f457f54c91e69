import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NEW_USER_DEFAULTS } from '../../../core/user';
import { UserRepository } from '../../repositories/user.repository';
import { addPoop, addUser, repositoryDatabase, rowsOf } from './fixtures';

describe('UserRepository', () => {
  it('inserts once: a second insert of the uid is "exists", a taken name is "username-taken"', async () => {
    const database = await repositoryDatabase();
    const users = new UserRepository(database.db);
    const alice = { uid: 'uid-alice', email: 'alice@example.com', username: 'Alice', usernameSearchable: 'alice', admin: false };

    expect(await users.insertIfAbsent(alice)).toBe('created');
    expect(await users.insertIfAbsent(alice)).toBe('exists');
    expect(await users.insertIfAbsent({ ...alice, uid: 'uid-other', email: 'other@example.com' })).toBe('username-taken');

    const row = await users.findByUid('uid-alice');
    expect(row).toMatchObject({
      uid: 'uid-alice',
      username: 'Alice',
      followers: 0,
      followings: 0,
      currentPoints: NEW_USER_DEFAULTS.points.currentPoints,
      currentStreak: 0,
    });
    expect(await users.findByUid('uid-other')).toBeUndefined();
  });

  it('updates a profile, refusing a name someone else has, and copies name changes onto the posts', async () => {
    const database = await repositoryDatabase();
    const users = new UserRepository(database.db);
    const alice = await addUser(database, 'alice');
    await addUser(database, 'bob');
    const post = await addPoop(database, alice, new Date('2026-11-01T10:00:00.000Z'));

    expect(await users.updateProfile(alice, { username: 'Bob', usernameSearchable: 'bob' })).toBe('username-taken');
    const renamed = await users.updateProfile(alice, { username: 'Alicia', usernameSearchable: 'alicia', darkMode: true });
    expect(renamed).toMatchObject({ username: 'Alicia', darkMode: true });
    expect(await users.updateProfile('uid-nobody', { darkMode: true })).toBeUndefined();

    await users.refreshAuthorOnPosts(alice);
    const rows = await rowsOf<{ username: string }>(database, sql`SELECT username FROM poops WHERE id = ${post}`);
    expect(rows).toEqual([{ username: 'Alicia' }]);
  });
});

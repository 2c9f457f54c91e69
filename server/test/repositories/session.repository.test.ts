import { describe, expect, it } from 'vitest';
import { SessionRepository } from '../../repositories/session.repository';
import { addUser, minutesAfter, repositoryDatabase } from './fixtures';

const T0 = new Date('2026-11-01T10:00:00.000Z');

describe('SessionRepository', () => {
  it('a session is active for its own user until it expires, and sign-out everywhere ends them all', async () => {
    const database = await repositoryDatabase();
    const sessions = new SessionRepository(database.db);
    const alice = await addUser(database);
    const bob = await addUser(database);
    const expires = minutesAfter(T0, 60);
    await sessions.create('s-alice-1', alice, expires);
    await sessions.create('s-alice-1', alice, minutesAfter(T0, 999)); // a repeat changes nothing
    await sessions.create('s-alice-2', alice, expires);
    await sessions.create('s-bob', bob, expires);

    expect(await sessions.isActive('s-alice-1', alice, T0)).toBe(true);
    expect(await sessions.isActive('s-alice-1', alice, minutesAfter(T0, 59))).toBe(true);
    expect(await sessions.isActive('s-alice-1', alice, expires)).toBe(false);
    expect(await sessions.isActive('s-alice-1', alice, minutesAfter(T0, 61))).toBe(false);
    expect(await sessions.isActive('s-alice-1', bob, T0)).toBe(false);
    expect(await sessions.isActive('s-unknown', alice, T0)).toBe(false);

    await sessions.deleteAllFor(alice);
    expect(await sessions.isActive('s-alice-1', alice, T0)).toBe(false);
    expect(await sessions.isActive('s-alice-2', alice, T0)).toBe(false);
    expect(await sessions.isActive('s-bob', bob, T0)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { SessionRepository } from '../../repositories/session.repository';
import { addUser, minutesAfter, repositoryDatabase } from './fixtures';

const T0 = new Date('2026-11-01T10:00:00.000Z');

describe('SessionRepository', () => {
  it('finds a session with its user until it expires; sign-out everywhere ends them all; pruning removes the expired', async () => {
    const database = await repositoryDatabase();
    const sessions = new SessionRepository(database.db);
    const alice = await addUser(database);
    const bob = await addUser(database);
    const expires = minutesAfter(T0, 60);
    await sessions.create('h-alice-1', alice, false, expires);
    await sessions.create('h-alice-1', alice, false, minutesAfter(T0, 999)); // a repeat changes nothing
    await sessions.create('h-alice-2', alice, false, expires);
    await sessions.create('h-bob', bob, true, minutesAfter(T0, 10));

    expect(await sessions.findActive('h-alice-1', T0)).toMatchObject({ uid: alice, anonymous: false, expiresAt: expires });
    expect(await sessions.findActive('h-alice-1', minutesAfter(T0, 59))).toMatchObject({ uid: alice });
    expect(await sessions.findActive('h-alice-1', expires)).toBeUndefined();
    expect(await sessions.findActive('h-unknown', T0)).toBeUndefined();
    expect(await sessions.findActive('h-bob', T0)).toMatchObject({ uid: bob, anonymous: true });

    expect(await sessions.pruneExpired(minutesAfter(T0, 10))).toBe(1);
    expect(await sessions.findActive('h-bob', T0)).toBeUndefined();

    await sessions.deleteAllFor(alice);
    expect(await sessions.findActive('h-alice-1', T0)).toBeUndefined();
    expect(await sessions.findActive('h-alice-2', T0)).toBeUndefined();
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LikeRepository } from '../../repositories/like.repository';
import { PoopRepository } from '../../repositories/poop.repository';
import { addPoop, addUser, minutesAfter, repositoryDatabase, rowsOf } from './fixtures';

const T0 = new Date('2026-11-01T10:00:00.000Z');

describe('PoopRepository', () => {
  it('lists the public feed newest modification first, ties by id, hiding private, pending and deleted posts', async () => {
    const database = await repositoryDatabase();
    const poops = new PoopRepository(database);
    const alice = await addUser(database);
    const oldest = await addPoop(database, alice, T0);
    const tieA = await addPoop(database, alice, minutesAfter(T0, 5), { id: '00000000-0000-4000-8000-00000000000a' });
    const tieB = await addPoop(database, alice, minutesAfter(T0, 5), { id: '00000000-0000-4000-8000-00000000000b' });
    const newest = await addPoop(database, alice, minutesAfter(T0, 10));
    await addPoop(database, alice, minutesAfter(T0, 20), { private: true });
    await addPoop(database, alice, minutesAfter(T0, 20), { status: 'pending' });
    const removed = await addPoop(database, alice, minutesAfter(T0, 20));
    await poops.softDelete(removed, minutesAfter(T0, 30));

    const all = await poops.listPublic({ limit: 10 });
    expect(all.map((p) => p.id)).toEqual([newest, tieB, tieA, oldest]);

    // The keyset: after (tieB's time, tieB's id) come tieA then oldest, never tieB again.
    const rest = await poops.listPublic({ after: { at: minutesAfter(T0, 5).getTime(), id: tieB }, limit: 10 });
    expect(rest.map((p) => p.id)).toEqual([tieA, oldest]);
    expect((await poops.listPublic({ limit: 2 })).map((p) => p.id)).toEqual([newest, tieB]);
  });

  it('soft delete moves modifiedDate once and keeps the row', async () => {
    const database = await repositoryDatabase();
    const poops = new PoopRepository(database);
    const id = await addPoop(database, await addUser(database), T0);

    await poops.softDelete(id, minutesAfter(T0, 1));
    await poops.softDelete(id, minutesAfter(T0, 2));
    const row = await poops.findAccess(id);
    expect(row).toMatchObject({ id, deleted: true });
    const [stored] = await rowsOf<{ ms: string | number }>(
      database,
      sql`SELECT (extract(epoch FROM modified_date) * 1000)::bigint AS ms FROM poops WHERE id = ${id}`,
    );
    expect(Number(stored?.ms)).toBe(minutesAfter(T0, 1).getTime());
  });

  it("lists a user's posts (private ones only when asked) and says likedByMe for the viewer", async () => {
    const database = await repositoryDatabase();
    const poops = new PoopRepository(database);
    const alice = await addUser(database);
    const bob = await addUser(database);
    const open = await addPoop(database, alice, T0);
    const hidden = await addPoop(database, alice, minutesAfter(T0, 1), { private: true });
    await addPoop(database, bob, minutesAfter(T0, 2));
    await new LikeRepository(database.db).likePoop(bob, open);

    expect((await poops.listByUser({ uid: alice, includePrivate: false, limit: 10 })).map((p) => p.id)).toEqual([open]);
    expect((await poops.listByUser({ uid: alice, includePrivate: true, limit: 10 })).map((p) => p.id)).toEqual([hidden, open]);

    const seenByBob = await poops.findById(open, bob);
    expect(seenByBob).toMatchObject({ id: open, likes: 1, likedByMe: true });
    expect(await poops.findById(open, alice)).toMatchObject({ likedByMe: false });
    expect(await poops.findById(open)).toMatchObject({ likedByMe: false });
    expect((await poops.mostLiked(1))[0]?.id).toBe(open);
  });
});

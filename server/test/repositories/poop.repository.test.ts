import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LikeRepository } from '../../repositories/like.repository';
import { PoopRepository } from '../../repositories/poop.repository';
import { UserRepository } from '../../repositories/user.repository';
import { addPoop, addUser, minutesAfter, repositoryDatabase, rowsOf } from './fixtures';

const T0 = new Date('2026-11-01T10:00:00.000Z');

describe('PoopRepository', () => {
  it('lists the public feed newest modification first, ties by id, hiding private, pending and deleted posts', async () => {
    const database = await repositoryDatabase();
    const poops = new PoopRepository(database.db);
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
    const poops = new PoopRepository(database.db);
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
    const poops = new PoopRepository(database.db);
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

  it('answers feed reads asked for at once each as it would alone, viewers and cursors apart', async () => {
    const database = await repositoryDatabase();
    const poops = new PoopRepository(database.db);
    const alice = await addUser(database);
    // A uid with quotes, a backslash and braces: bound as a parameter, it still finds its own like.
    const quoted = 'uid-q"u\\o\'te,{x}';
    await new UserRepository(database.db).insertIfAbsent({
      uid: quoted,
      email: 'quoted@example.com',
      username: 'quoted',
      usernameSearchable: 'quoted',
      admin: false,
    });
    const ids: string[] = [];
    for (let minute = 0; minute < 6; minute++) ids.push(await addPoop(database, alice, minutesAfter(T0, minute)));
    const newestFirst = [...ids].reverse();
    const likes = new LikeRepository(database.db);
    await likes.likePoop(alice, ids[5]!);
    await likes.likePoop(quoted, ids[2]!);
    const cursor = { at: minutesAfter(T0, 3).getTime(), id: ids[3]! };

    const asks = [
      { limit: 2 },
      { limit: 3, viewerUid: alice },
      { limit: 10, viewerUid: quoted },
      { limit: 2, after: cursor },
      { limit: 10, after: cursor, viewerUid: quoted },
      { limit: 2 },
      { limit: 10, viewerUid: 'nobody' },
    ];
    const together = await Promise.all(asks.map((ask) => poops.listPublic(ask)));
    const alone: Awaited<ReturnType<PoopRepository['listPublic']>>[] = [];
    for (const ask of asks) alone.push(await poops.listPublic(ask));

    expect(together).toEqual(alone);
    const view = (rows: (typeof together)[number]) => rows.map((row) => [row.id, row.likedByMe]);
    expect(view(together[0]!)).toEqual([
      [newestFirst[0], false],
      [newestFirst[1], false],
    ]);
    expect(view(together[1]!)).toEqual([
      [newestFirst[0], true],
      [newestFirst[1], false],
      [newestFirst[2], false],
    ]);
    expect(view(together[2]!)).toEqual(newestFirst.map((id) => [id, id === ids[2]]));
    expect(view(together[3]!)).toEqual([
      [ids[2], false],
      [ids[1], false],
    ]);
    expect(view(together[4]!)).toEqual([
      [ids[2], true],
      [ids[1], false],
      [ids[0], false],
    ]);
    expect(together[5]).toEqual(together[0]);
    expect(view(together[6]!)).toEqual(newestFirst.map((id) => [id, false]));
  });

  it('a feed read asked for after a write commits sees it, though another read of its shape is in flight', async () => {
    const database = await repositoryDatabase();
    const poops = new PoopRepository(database.db);
    const alice = await addUser(database);
    const first = await addPoop(database, alice, T0);
    const earlier = poops.listPublic({ limit: 10 });
    // The write below may land before or after this read runs.
    await new Promise((resolve) => setImmediate(resolve));
    const second = await addPoop(database, alice, minutesAfter(T0, 1));
    const later = await poops.listPublic({ limit: 10 });
    expect(later.map((row) => row.id)).toEqual([second, first]);
    expect((await earlier).map((row) => row.id)).toContain(first);
  });
});

import { randomUUID } from 'node:crypto';
import { eq, type SQL } from 'drizzle-orm';
import { onTestFinished } from 'vitest';
import type { Database } from '../../db/database';
import { users, type NewPoopRow } from '../../db/schema';
import { PoopRepository } from '../../repositories/poop.repository';
import { UserRepository } from '../../repositories/user.repository';
import { openTestDatabase } from '../helpers';

/** A migrated database of its own for one test (PGlite, or a schema on TEST_DATABASE_URL), closed after it. */
export async function repositoryDatabase(): Promise<Database> {
  const database = await openTestDatabase();
  onTestFinished(() => database.close());
  return database;
}

/** Inserts a user row straight through the repository (a new user's defaults), then applies `overrides`; answers its uid. */
export async function addUser(
  database: Database,
  name = `u${randomUUID().slice(0, 8)}`,
  overrides: Partial<Omit<typeof users.$inferInsert, 'username' | 'usernameSearchable'>> = {},
): Promise<string> {
  const uid = overrides.uid ?? `uid-${name}`;
  const outcome = await new UserRepository(database.db).insertIfAbsent({
    uid,
    email: overrides.email ?? `${name}@example.com`,
    username: name,
    usernameSearchable: name.toLowerCase(),
    admin: false,
  });
  if (outcome !== 'created') throw new Error(`user ${name}: ${outcome}`);
  const { uid: _uid, email: _email, ...rest } = overrides;
  if (Object.keys(rest).length > 0) await database.db.update(users).set(rest).where(eq(users.uid, uid));
  return uid;
}

/** Inserts an approved public post by `uid` at `at`; answers its id. */
export async function addPoop(database: Database, uid: string, at: Date, overrides: Partial<NewPoopRow> = {}): Promise<string> {
  const id = overrides.id ?? randomUUID();
  const outcome = await new PoopRepository(database.db).insertPost(uid, (author) => ({
    poop: {
      id,
      uid,
      username: author.username,
      userPhotoUrl: author.photoUrl,
      isUserPremium: false,
      type: 'type4',
      title: `post ${id.slice(0, 4)}`,
      description: '',
      status: 'approved',
      imageKey: `poops/${uid}/${id}`,
      placeholder: '',
      width: 10,
      height: 10,
      geohash: '',
      latitude: null,
      longitude: null,
      placeName: '',
      createdDate: at,
      modifiedDate: at,
      private: false,
      showInMap: false,
      ...overrides,
    },
  }));
  if (outcome.kind !== 'inserted') throw new Error(`poop ${id}: ${outcome.kind}`);
  return id;
}

/** `base` plus `minutes` minutes. */
export const minutesAfter = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);

/** The rows of a raw query (both drivers answer `{ rows }`). */
export async function rowsOf<Row>(database: Database, query: SQL): Promise<Row[]> {
  return resultRows<Row>(await database.db.execute(query));
}

/** drizzle's execute answers `{ rows }` on both drivers. */
function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A `count(*) AS n` (or any `n`) query's answer as a number (bigint comes back as a string on pg). */
export async function countOf(database: Database, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(database, query);
  return Number(row?.n);
}

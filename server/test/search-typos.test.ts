import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build } from './helpers';

describe('user search with a slip', () => {
  it("finds short names with two letters swapped or one letter too many ('brvae', 'Otterr')", async () => {
    const { app, database } = await build();
    const names = [
      ['t1', 'BraveOtter100'],
      ['t2', 'OtterCalm7'],
      ['t3', 'SleepyBadger12'],
      ['t4', 'BearWise3'],
    ] as const;
    for (const [uid, username] of names) {
      await database.db.execute(
        sql`INSERT INTO users (uid, username, username_searchable) VALUES (${uid}, ${username}, ${username.toLowerCase()})`,
      );
    }
    const search = async (q: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/users/search?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
      return (res.json().users as Array<{ uid: string }>).map((u) => u.uid);
    };
    expect(await search('brvae')).toEqual(['t1']);
    expect((await search('Otterr')).sort()).toEqual(['t1', 't2']);
    // A name that starts with the term still comes first.
    expect((await search('otterr'))[0]).toBe('t2');
    expect(await search('sleepy')).toEqual(['t3']);
    expect(await search('xqzvw')).toEqual([]);
  });
});

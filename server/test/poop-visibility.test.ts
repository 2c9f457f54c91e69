import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { canViewPoop, isPublicPoop, POOP_STATUSES, type PoopVisibilityFields } from '../../core/poop';
import { approvedPoopSql, publicPoopSql, visiblePoopSql, type PoopVisibilityColumns } from '../db/poop-visibility';
import { buildWithFiles } from './poop-helpers';

const OWNER = 'owner-uid';
const OTHER = 'other-uid';

describe('the visibility rule in SQL (STYLE.md rule 11)', () => {
  it('says what core isPublicPoop and canViewPoop say, for every post and viewer who is not an admin', async () => {
    const { database } = await buildWithFiles();
    const posts: PoopVisibilityFields[] = POOP_STATUSES.flatMap((status) =>
      [false, true].flatMap((deleted) => [false, true].map((hidden) => ({ uid: OWNER, status, deleted, private: hidden }))),
    );
    expect(posts).toHaveLength(12);
    for (const post of posts) {
      const columns: PoopVisibilityColumns = {
        uid: sql`${post.uid}::text`,
        status: sql`${post.status}::text`,
        deleted: sql`${post.deleted}::boolean`,
        private: sql`${post.private}::boolean`,
      };
      const result = await database.db.execute(sql`SELECT ${publicPoopSql(columns)} AS "public",
        ${visiblePoopSql(OWNER, columns)} AS "owner", ${visiblePoopSql(OTHER, columns)} AS "other",
        ${approvedPoopSql(columns)} AS "approved"`);
      const [row] = (result as { rows: { public: boolean; owner: boolean; other: boolean; approved: boolean }[] }).rows;
      expect({ post, ...row }).toEqual({
        post,
        public: isPublicPoop(post),
        owner: canViewPoop(post, { uid: OWNER, admin: false }),
        other: canViewPoop(post, { uid: OTHER, admin: false }),
        approved: post.status === 'approved' && !post.deleted,
      });
    }
  });

  it('is what the partial indexes of the feed and the map are written for', () => {
    const rendered = new PgDialect().sqlToQuery(publicPoopSql()).sql;
    expect(rendered).toBe(`("poops"."status" = 'approved' AND NOT "poops"."deleted" AND NOT "poops"."private")`);
  });
});

import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PoopStatus } from '../../core/poop';
import { poops } from './schema';

/**
 * The SQL twin of core/poop.ts's visibility rule (STYLE.md rule 11): `publicPoopSql` is
 * `isPublicPoop`, `visiblePoopSql` is `canViewPoop` for a viewer who is not an admin.
 * server/test/poop-visibility.test.ts holds them equal. Repositories import these fragments,
 * never retype them. The status is written as a literal so the partial indexes on
 * `status = 'approved' AND NOT deleted [AND NOT private]` (migrations 0002, 0026) serve the queries.
 */

/** The columns of a post that decide who may see it. */
export interface PoopVisibilityColumns {
  uid: SQLWrapper;
  status: SQLWrapper;
  deleted: SQLWrapper;
  private: SQLWrapper;
}

/** The `poops` table's own columns (drizzle's). */
const POOP_COLUMNS: PoopVisibilityColumns = { uid: poops.uid, status: poops.status, deleted: poops.deleted, private: poops.private };

/** The columns of `poops` under an alias (`FROM poops p`: `poopColumnsOf('p')`). */
export function poopColumnsOf(alias: string): PoopVisibilityColumns {
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  return { uid: column('uid'), status: column('status'), deleted: column('deleted'), private: column('private') };
}

const APPROVED = sql.raw(`'${'approved' satisfies PoopStatus}'`);

/** Approved and not deleted: what a profile lists, its owner's private posts included. */
export function approvedPoopSql(p: PoopVisibilityColumns = POOP_COLUMNS): SQL<boolean> {
  return sql<boolean>`(${p.status} = ${APPROVED} AND NOT ${p.deleted})`;
}

/** What everyone may see: approved, not deleted, not private (core `isPublicPoop`). */
export function publicPoopSql(p: PoopVisibilityColumns = POOP_COLUMNS): SQL<boolean> {
  return sql<boolean>`(${p.status} = ${APPROVED} AND NOT ${p.deleted} AND NOT ${p.private})`;
}

/**
 * What `viewerUid` (not an admin) may see: never a deleted post; a public one, or their own
 * (core `canViewPoop`).
 */
export function visiblePoopSql(viewerUid: SQLWrapper | string, p: PoopVisibilityColumns = POOP_COLUMNS): SQL<boolean> {
  return sql<boolean>`(NOT ${p.deleted} AND (${p.uid} = ${viewerUid} OR ${publicPoopSql(p)}))`;
}

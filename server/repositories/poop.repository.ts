import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { KeysetPosition } from '../../core/keyset-cursor';
import type { StreakState } from '../../core/streak';
import type { Db } from '../db/database';
import { poops, users, type NewPoopRow, type PoopRow } from '../db/schema';

export interface PoopWithLike extends PoopRow {
  likedByMe: boolean;
}

/** The author fields a new post copies (denormalised) and the streak it moves. */
export interface PoopAuthor extends StreakState {
  uid: string;
  email: string;
  username: string;
  photoUrl: string;
  premium: boolean;
  subscriptionStatus: string;
  admin: boolean;
}

export type InsertPostOutcome =
  | { kind: 'inserted'; row: PoopRow }
  | { kind: 'exists'; row: PoopRow }
  | { kind: 'no-author' };

/** The columns that decide who may see a post, and where its images are. */
export type PoopAccessRow = Pick<PoopRow, 'id' | 'uid' | 'status' | 'deleted' | 'private' | 'verified' | 'imageKey'>;

export type PoopPatch = Partial<Pick<PoopRow, 'title' | 'description' | 'type' | 'status' | 'private' | 'showInMap'>>;

const PUBLIC = sql`${poops.status} = 'approved' AND NOT ${poops.deleted} AND NOT ${poops.private}`;

/**
 * Whether the viewer liked the row. Spelled out with qualified names: drizzle leaves columns
 * unqualified in single-table queries, which inside a subquery could bind to the wrong table.
 */
function likedBy(viewerUid: string | undefined): SQL<boolean> {
  if (viewerUid === undefined) return sql<boolean>`false`;
  return sql<boolean>`EXISTS (SELECT 1 FROM likes AS my_like WHERE my_like.poop_id = poops.id AND my_like.uid = ${viewerUid})`;
}

/** Rows strictly after `position` in (modified_date DESC, id DESC) order: the keyset condition. */
function before(position: KeysetPosition | undefined): SQL | undefined {
  if (!position) return undefined;
  const at = new Date(position.at).toISOString();
  return sql`(${poops.modifiedDate}, ${poops.id}) < (${at}::timestamptz, ${position.id}::uuid)`;
}

export class PoopRepository {
  constructor(private readonly db: Db) {}

  private selectWithLike(viewerUid: string | undefined) {
    return this.db.select({ ...getTableColumns(poops), likedByMe: likedBy(viewerUid) }).from(poops);
  }

  async findById(id: string, viewerUid?: string): Promise<PoopWithLike | undefined> {
    const [row] = await this.selectWithLike(viewerUid).where(eq(poops.id, id)).limit(1);
    return row;
  }

  async findAccess(id: string): Promise<PoopAccessRow | undefined> {
    const [row] = await this.db
      .select({
        id: poops.id,
        uid: poops.uid,
        status: poops.status,
        deleted: poops.deleted,
        private: poops.private,
        verified: poops.verified,
        imageKey: poops.imageKey,
      })
      .from(poops)
      .where(eq(poops.id, id))
      .limit(1);
    return row;
  }

  /** Public posts, newest modification first (uses poops_feed_idx). */
  async listPublic(options: { after?: KeysetPosition; limit: number; viewerUid?: string }): Promise<PoopWithLike[]> {
    return this.selectWithLike(options.viewerUid)
      .where(and(PUBLIC, before(options.after)))
      .orderBy(desc(poops.modifiedDate), desc(poops.id))
      .limit(options.limit);
  }

  /** A user's approved posts; their private ones too when `includePrivate` (uses poops_user_idx). */
  async listByUser(options: {
    uid: string;
    includePrivate: boolean;
    after?: KeysetPosition;
    limit: number;
    viewerUid?: string;
  }): Promise<PoopWithLike[]> {
    const visible = options.includePrivate ? undefined : sql`NOT ${poops.private}`;
    return this.selectWithLike(options.viewerUid)
      .where(
        and(
          eq(poops.uid, options.uid),
          sql`${poops.status} = 'approved' AND NOT ${poops.deleted}`,
          visible,
          before(options.after),
        ),
      )
      .orderBy(desc(poops.modifiedDate), desc(poops.id))
      .limit(options.limit);
  }

  /** Public posts by likes (uses poops_most_liked_idx). */
  async mostLiked(limit: number, viewerUid?: string): Promise<PoopWithLike[]> {
    return this.selectWithLike(viewerUid).where(PUBLIC).orderBy(desc(poops.likes), desc(poops.id)).limit(limit);
  }

  async isAdmin(uid: string): Promise<boolean> {
    const [row] = await this.db.select({ admin: users.admin }).from(users).where(eq(users.uid, uid)).limit(1);
    return row?.admin ?? false;
  }

  /**
   * In one transaction: locks the author (so two posts of one user move the streak one after
   * the other), builds the row and the new streak from it, inserts the post unless its id is
   * taken, and saves the streak and the points it earned. A taken id answers the stored row and changes nothing.
   */
  async insertPost(
    uid: string,
    build: (author: PoopAuthor) => { poop: NewPoopRow; streak: StreakState; points?: number },
  ): Promise<InsertPostOutcome> {
    return this.db.transaction(async (tx) => {
      const [author] = await tx
        .select({
          uid: users.uid,
          email: users.email,
          username: users.username,
          photoUrl: users.photoUrl,
          premium: users.premium,
          subscriptionStatus: users.subscriptionStatus,
          admin: users.admin,
          currentStreak: users.currentStreak,
          longestStreak: users.longestStreak,
          lastPoopPosted: users.lastPoopPosted,
        })
        .from(users)
        .where(eq(users.uid, uid))
        .for('update');
      if (!author) return { kind: 'no-author' } as const;
      const { poop, streak, points = 0 } = build(author);
      const [inserted] = await tx.insert(poops).values(poop).onConflictDoNothing({ target: poops.id }).returning();
      if (!inserted) {
        const [existing] = await tx.select().from(poops).where(eq(poops.id, poop.id)).limit(1);
        if (!existing) throw new Error(`poop ${poop.id} conflicted but cannot be read`);
        return { kind: 'exists', row: existing } as const;
      }
      await tx
        .update(users)
        .set({
          currentStreak: streak.currentStreak,
          longestStreak: streak.longestStreak,
          lastPoopPosted: streak.lastPoopPosted,
          accumulatedPoints: sql`${users.accumulatedPoints} + ${points}`,
          currentPoints: sql`${users.currentPoints} + ${points}`,
          updatedAt: streak.lastPoopPosted ?? sql`now()`,
        })
        .where(eq(users.uid, uid));
      return { kind: 'inserted', row: inserted } as const;
    });
  }

  async update(id: string, patch: PoopPatch, modifiedDate: Date): Promise<void> {
    await this.db
      .update(poops)
      .set({ ...patch, modifiedDate })
      .where(eq(poops.id, id));
  }

  /** Soft delete (spec section 4): the row stays, flagged, with a new modifiedDate. */
  async softDelete(id: string, modifiedDate: Date): Promise<void> {
    await this.db
      .update(poops)
      .set({ deleted: true, modifiedDate })
      .where(and(eq(poops.id, id), eq(poops.deleted, false)));
  }
}

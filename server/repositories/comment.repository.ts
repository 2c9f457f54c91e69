import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { KeysetPosition } from '../../core/keyset-cursor';
import type { Db } from '../db/database';
import { comments, users, type CommentRow } from '../db/schema';
import { applySocialEffects, type SocialEffects } from './notification.repository';

export interface CommentView extends CommentRow {
  username: string;
  userPhotoUrl: string;
  /** What the premium badge is decided from (isPremium). */
  userPremium: boolean;
  userSubscriptionStatus: string;
  userAdmin: boolean;
  likedByMe: boolean;
}

function likedBy(viewerUid: string | undefined): SQL<boolean> {
  if (viewerUid === undefined) return sql<boolean>`false`;
  // Qualified by hand, as in poop.repository.ts.
  return sql<boolean>`EXISTS (SELECT 1 FROM likes_comment AS my_like WHERE my_like.comment_id = comments.id AND my_like.uid = ${viewerUid})`;
}

/** Rows strictly after `position` in (created, id) ascending order. */
function after(position: KeysetPosition | undefined): SQL | undefined {
  if (!position) return undefined;
  const at = new Date(position.at).toISOString();
  return sql`(${comments.created}, ${comments.id}) > (${at}::timestamptz, ${position.id}::uuid)`;
}

export class CommentRepository {
  constructor(private readonly db: Db) {}

  private selectView(viewerUid: string | undefined) {
    return this.db
      .select({
        ...getTableColumns(comments),
        username: users.username,
        userPhotoUrl: users.photoUrl,
        userPremium: users.premium,
        userSubscriptionStatus: users.subscriptionStatus,
        userAdmin: users.admin,
        likedByMe: likedBy(viewerUid),
      })
      .from(comments)
      .innerJoin(users, eq(users.uid, comments.uid));
  }

  async findById(id: string): Promise<CommentRow | undefined> {
    const [row] = await this.db.select().from(comments).where(eq(comments.id, id)).limit(1);
    return row;
  }

  async findView(id: string, viewerUid?: string): Promise<CommentView | undefined> {
    const [row] = await this.selectView(viewerUid).where(eq(comments.id, id)).limit(1);
    return row;
  }

  /** A post's comments, oldest first. */
  async list(options: { poopId: string; after?: KeysetPosition; limit: number; viewerUid?: string }): Promise<CommentView[]> {
    return this.selectView(options.viewerUid)
      .where(and(eq(comments.poopId, options.poopId), after(options.after)))
      .orderBy(asc(comments.created), asc(comments.id))
      .limit(options.limit);
  }

  /** Inserts unless the id is taken; answers whether it did. `effects` are written with it, only when it did. */
  async insert(row: Pick<CommentRow, 'id' | 'poopId' | 'uid' | 'text' | 'created'>, effects: SocialEffects = {}): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx.insert(comments).values(row).onConflictDoNothing({ target: comments.id }).returning({ id: comments.id });
      if (inserted.length > 0) await applySocialEffects(tx, effects);
      return inserted.length > 0;
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(comments).where(eq(comments.id, id));
  }
}

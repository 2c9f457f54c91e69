import { and, eq, inArray, sql, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../db/database';
import { comments, likes, likesComment, poops } from '../db/schema';
import { applySocialEffects, socialEffectsWith, type SocialEffects } from './notification.repository';

/**
 * Likes of posts and of comments. Liking twice or unliking what is not liked changes nothing
 * (the primary key and ON CONFLICT DO NOTHING); the counters on poops and comments are kept
 * equal to these rows by triggers (migrations/0002_poops.sql). `effects` (a notification,
 * points) are written in the same transaction, and only when a row was really added or removed,
 * so a replayed request earns and notifies nothing twice.
 */
export class LikeRepository {
  constructor(private readonly db: Db) {}

  async likePoop(uid: string, poopId: string, effects: SocialEffects = {}): Promise<number> {
    const added = this.db
      .$with('added')
      .as(this.db.insert(likes).values({ uid, poopId }).onConflictDoNothing().returning({ uid: likes.uid }));
    return poopLikes(this.db, poopId, added, 1, effects);
  }

  async unlikePoop(uid: string, poopId: string, effects: SocialEffects = {}): Promise<number> {
    const removed = this.db.$with('removed').as(
      this.db
        .delete(likes)
        .where(and(eq(likes.uid, uid), eq(likes.poopId, poopId)))
        .returning({ uid: likes.uid }),
    );
    return poopLikes(this.db, poopId, removed, -1, effects);
  }

  async likeComment(uid: string, commentId: string, effects: SocialEffects = {}): Promise<number> {
    return this.db.transaction(async (tx) => {
      const added = await tx.insert(likesComment).values({ uid, commentId }).onConflictDoNothing().returning({ uid: likesComment.uid });
      if (added.length > 0) await applySocialEffects(tx, effects);
      return commentLikes(tx, commentId);
    });
  }

  /** Which of `poopIds` each of `uids` liked: one statement for many feed reads (services/liked-posts-batch.ts). */
  async likedAmong(uids: string[], poopIds: string[]): Promise<Array<{ uid: string; poopId: string }>> {
    return this.db
      .select({ uid: likes.uid, poopId: likes.poopId })
      .from(likes)
      .where(and(inArray(likes.uid, uids), inArray(likes.poopId, poopIds)));
  }

  async unlikeComment(uid: string, commentId: string): Promise<number> {
    await this.db.delete(likesComment).where(and(eq(likesComment.uid, uid), eq(likesComment.commentId, commentId)));
    return commentLikes(this.db, commentId);
  }
}

/**
 * A like or unlike (`change`, a CTE that returns the row it added or removed), its effects (only
 * when it changed something: a replay earns and notifies nothing twice) and the post's like count
 * after it, in one statement and so one transaction. From the like's row to the commit the post's
 * row is locked (its counter's trigger) and every other like of it waits, so no round trip happens
 * in between. The statement reads the post as it was when it began (its own trigger's update is
 * not visible to it), so the count adds the change to it; a like of the same post by someone else
 * that commits while this statement waits for the row is not in it (the next read of the post is).
 */
async function poopLikes(db: Db, poopId: string, change: WithSubquery, sign: 1 | -1, effects: SocialEffects): Promise<number> {
  const [row] = await db
    .with(change, ...socialEffectsWith(db, effects, change))
    .select({ likes: sql<number>`${poops.likes} + ${sign} * (SELECT count(*) FROM ${change})::int`.mapWith(Number) })
    .from(poops)
    .where(eq(poops.id, poopId));
  return row?.likes ?? 0;
}

async function commentLikes(db: Db, commentId: string): Promise<number> {
  const [row] = await db.select({ likes: comments.likes }).from(comments).where(eq(comments.id, commentId));
  return row?.likes ?? 0;
}

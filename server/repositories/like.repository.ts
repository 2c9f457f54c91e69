import { and, eq, inArray } from 'drizzle-orm';
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
    return this.db.transaction(async (tx) => {
      const added = await tx.insert(likes).values({ uid, poopId }).onConflictDoNothing().returning({ uid: likes.uid });
      return poopLikes(tx, poopId, added.length > 0 ? effects : {});
    });
  }

  async unlikePoop(uid: string, poopId: string, effects: SocialEffects = {}): Promise<number> {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(likes)
        .where(and(eq(likes.uid, uid), eq(likes.poopId, poopId)))
        .returning({ uid: likes.uid });
      return poopLikes(tx, poopId, removed.length > 0 ? effects : {});
    });
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
 * The post's like count after this transaction's like or unlike, read in the statement that writes
 * its effects: from the like's statement to the commit the post's row is locked (its counter's
 * trigger), and every other like of the post waits, so that stretch is kept to this one round trip.
 */
async function poopLikes(db: Db, poopId: string, effects: SocialEffects): Promise<number> {
  const [row] = await db
    .with(...socialEffectsWith(db, effects))
    .select({ likes: poops.likes })
    .from(poops)
    .where(eq(poops.id, poopId));
  return row?.likes ?? 0;
}

async function commentLikes(db: Db, commentId: string): Promise<number> {
  const [row] = await db.select({ likes: comments.likes }).from(comments).where(eq(comments.id, commentId));
  return row?.likes ?? 0;
}

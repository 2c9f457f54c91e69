import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { comments, likes, likesComment, poops } from '../db/schema';
import { applySocialEffects, type SocialEffects } from './notification.repository';

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
      if (added.length > 0) await applySocialEffects(tx, effects);
      return poopLikes(tx, poopId);
    });
  }

  async unlikePoop(uid: string, poopId: string, effects: SocialEffects = {}): Promise<number> {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(likes)
        .where(and(eq(likes.uid, uid), eq(likes.poopId, poopId)))
        .returning({ uid: likes.uid });
      if (removed.length > 0) await applySocialEffects(tx, effects);
      return poopLikes(tx, poopId);
    });
  }

  async likeComment(uid: string, commentId: string, effects: SocialEffects = {}): Promise<number> {
    return this.db.transaction(async (tx) => {
      const added = await tx.insert(likesComment).values({ uid, commentId }).onConflictDoNothing().returning({ uid: likesComment.uid });
      if (added.length > 0) await applySocialEffects(tx, effects);
      return commentLikes(tx, commentId);
    });
  }

  async unlikeComment(uid: string, commentId: string): Promise<number> {
    await this.db.delete(likesComment).where(and(eq(likesComment.uid, uid), eq(likesComment.commentId, commentId)));
    return commentLikes(this.db, commentId);
  }
}

async function poopLikes(db: Db, poopId: string): Promise<number> {
  const [row] = await db.select({ likes: poops.likes }).from(poops).where(eq(poops.id, poopId));
  return row?.likes ?? 0;
}

async function commentLikes(db: Db, commentId: string): Promise<number> {
  const [row] = await db.select({ likes: comments.likes }).from(comments).where(eq(comments.id, commentId));
  return row?.likes ?? 0;
}

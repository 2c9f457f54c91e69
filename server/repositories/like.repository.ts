import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { comments, likes, likesComment, poops } from '../db/schema';

/**
 * Likes of posts and of comments. Liking twice or unliking what is not liked changes nothing
 * (the primary key and ON CONFLICT DO NOTHING); the counters on poops and comments are kept
 * equal to these rows by triggers (migrations/0002_poops.sql).
 */
export class LikeRepository {
  constructor(private readonly db: Db) {}

  async likePoop(uid: string, poopId: string): Promise<number> {
    await this.db.insert(likes).values({ uid, poopId }).onConflictDoNothing();
    return this.poopLikes(poopId);
  }

  async unlikePoop(uid: string, poopId: string): Promise<number> {
    await this.db.delete(likes).where(and(eq(likes.uid, uid), eq(likes.poopId, poopId)));
    return this.poopLikes(poopId);
  }

  async likeComment(uid: string, commentId: string): Promise<number> {
    await this.db.insert(likesComment).values({ uid, commentId }).onConflictDoNothing();
    return this.commentLikes(commentId);
  }

  async unlikeComment(uid: string, commentId: string): Promise<number> {
    await this.db.delete(likesComment).where(and(eq(likesComment.uid, uid), eq(likesComment.commentId, commentId)));
    return this.commentLikes(commentId);
  }

  private async poopLikes(poopId: string): Promise<number> {
    const [row] = await this.db.select({ likes: poops.likes }).from(poops).where(eq(poops.id, poopId));
    return row?.likes ?? 0;
  }

  private async commentLikes(commentId: string): Promise<number> {
    const [row] = await this.db.select({ likes: comments.likes }).from(comments).where(eq(comments.id, commentId));
    return row?.likes ?? 0;
  }
}

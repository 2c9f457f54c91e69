import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { follows, users } from '../db/schema';
import { applySocialEffects, type SocialEffects } from './notification.repository';

export class FollowRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds the follow once (a repeated follow changes nothing); the follows_count trigger raises
   * both counts. Answers the target's followers and the follower's followings afterwards.
   * `effects` (the 'followed' notification) are written in the same transaction, only when
   * the follow was really added.
   */
  async follow(followerUid: string, followeeUid: string, effects: SocialEffects = {}) {
    return this.db.transaction(async (tx) => {
      const added = await tx
        .insert(follows)
        .values({ followerUid, followeeUid })
        .onConflictDoNothing()
        .returning({ uid: follows.followerUid });
      if (added.length > 0) await applySocialEffects(tx, effects);
      return this.counts(tx, followerUid, followeeUid);
    });
  }

  /** Removes the follow once; the trigger lowers both counts. */
  async unfollow(followerUid: string, followeeUid: string) {
    return this.db.transaction(async (tx) => {
      await tx.delete(follows).where(and(eq(follows.followerUid, followerUid), eq(follows.followeeUid, followeeUid)));
      return this.counts(tx, followerUid, followeeUid);
    });
  }

  private async counts(db: Db, followerUid: string, followeeUid: string) {
    const [target] = await db.select({ followers: users.followers }).from(users).where(eq(users.uid, followeeUid));
    const [self] = await db.select({ followings: users.followings }).from(users).where(eq(users.uid, followerUid));
    const [edge] = await db
      .select({ uid: follows.followerUid })
      .from(follows)
      .where(and(eq(follows.followerUid, followerUid), eq(follows.followeeUid, followeeUid)));
    return { following: edge !== undefined, followers: target?.followers ?? 0, followings: self?.followings ?? 0 };
  }
}

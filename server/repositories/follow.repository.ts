import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { follows, users } from '../db/schema';

export class FollowRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds the follow once (a repeated follow changes nothing); the follows_count trigger raises
   * both counts. Answers the target's followers and the follower's followings afterwards.
   */
  async follow(followerUid: string, followeeUid: string) {
    return this.db.transaction(async (tx) => {
      await tx.insert(follows).values({ followerUid, followeeUid }).onConflictDoNothing();
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

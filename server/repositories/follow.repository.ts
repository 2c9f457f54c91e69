import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { follows, users } from '../db/schema';

export class FollowRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds the follow and raises both counts by one, once: a repeated follow changes nothing.
   * Answers the target's followers and the follower's followings afterwards.
   */
  async follow(followerUid: string, followeeUid: string) {
    return this.db.transaction(async (tx) => {
      const added = await tx.insert(follows).values({ followerUid, followeeUid }).onConflictDoNothing().returning();
      if (added.length > 0) {
        await tx.update(users).set({ followers: sql`${users.followers} + 1` }).where(eq(users.uid, followeeUid));
        await tx.update(users).set({ followings: sql`${users.followings} + 1` }).where(eq(users.uid, followerUid));
      }
      return this.counts(tx, followerUid, followeeUid);
    });
  }

  /** Removes the follow and lowers both counts by one, once. */
  async unfollow(followerUid: string, followeeUid: string) {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(follows)
        .where(and(eq(follows.followerUid, followerUid), eq(follows.followeeUid, followeeUid)))
        .returning();
      if (removed.length > 0) {
        await tx.update(users).set({ followers: sql`${users.followers} - 1` }).where(eq(users.uid, followeeUid));
        await tx.update(users).set({ followings: sql`${users.followings} - 1` }).where(eq(users.uid, followerUid));
      }
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

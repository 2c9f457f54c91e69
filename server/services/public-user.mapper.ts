import type { PublicUser } from '../../core/social-api';
import { readCurrentStreak } from '../../core/streak';
import { isPremium, type SubscriptionStatus } from '../../core/user';
import type { PublicUserRow } from '../repositories/user-directory.repository';

/** A user as others see them, with the current streak as it reads at `now`. */
export function toPublicUser(row: PublicUserRow, now: Date): PublicUser {
  return {
    uid: row.uid,
    username: row.username,
    photoURL: row.photoUrl,
    premium: isPremium({ premium: row.premium, admin: row.admin, subscriptionStatus: row.subscriptionStatus as SubscriptionStatus }),
    followers: row.followers,
    followings: row.followings,
    currentStreak: readCurrentStreak(row, now),
    longestStreak: row.longestStreak,
    isFollowing: row.isFollowing,
  };
}

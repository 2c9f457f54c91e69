import { readCurrentStreak } from '../../core/streak';
import type { User, SubscriptionStatus } from '../../core/user';
import type { UserRow } from '../repositories/user.repository';

/**
 * The API form of a user row (spec field names). Given `now`, the current streak reads as it
 * does at that moment (0 once lapsed, core/streak.ts); without it, as stored.
 */
export function toApiUser(row: UserRow, now?: Date): User {
  return {
    uid: row.uid,
    email: row.email,
    username: row.username,
    username_searchable: row.usernameSearchable,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    photoURL: row.photoUrl,
    premium: row.premium,
    followers: row.followers,
    followings: row.followings,
    points: { accumulatedPoints: row.accumulatedPoints, currentPoints: row.currentPoints },
    subscription: row.subscriptionId ? { id: row.subscriptionId } : null,
    subscriptionStatus: row.subscriptionStatus as SubscriptionStatus,
    fcmToken: row.fcmToken,
    enableNotifications: row.enableNotifications,
    darkMode: row.darkMode,
    language: row.language ?? null,
    alwaysView: row.alwaysView,
    poopTypeDescription: row.poopTypeDescription ?? null,
    currentStreak: now ? readCurrentStreak(row, now) : row.currentStreak,
    longestStreak: row.longestStreak,
    lastPoopPosted: row.lastPoopPosted ? row.lastPoopPosted.toISOString() : null,
    admin: row.admin,
    receipt: row.receipt,
    welcomedAt: row.welcomedAt ? row.welcomedAt.toISOString() : null,
    leaderboardSeen: row.leaderboardSeen,
  };
}

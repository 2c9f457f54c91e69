import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PoopTypeDescription } from '../../core/user';

// Typed view of the tables the numbered SQL migrations create (db/migrations). Keep in step.

const tz = { withTimezone: true, mode: 'date' } as const;

export const users = pgTable('users', {
  uid: text('uid').primaryKey(),
  email: text('email').notNull(),
  username: text('username').notNull(),
  usernameSearchable: text('username_searchable').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  photoUrl: text('photo_url').notNull(),
  premium: boolean('premium').notNull(),
  followers: integer('followers').notNull(),
  followings: integer('followings').notNull(),
  accumulatedPoints: integer('accumulated_points').notNull(),
  currentPoints: integer('current_points').notNull(),
  subscriptionId: text('subscription_id'),
  subscriptionStatus: text('subscription_status').notNull(),
  fcmToken: text('fcm_token').notNull(),
  enableNotifications: boolean('enable_notifications').notNull(),
  darkMode: boolean('dark_mode').notNull(),
  alwaysView: boolean('always_view').notNull(),
  poopTypeDescription: jsonb('poop_type_description').$type<PoopTypeDescription>(),
  currentStreak: integer('current_streak').notNull(),
  longestStreak: integer('longest_streak').notNull(),
  lastPoopPosted: timestamp('last_poop_posted', tz),
  admin: boolean('admin').notNull(),
  receipt: text('receipt').notNull(),
});

export const follows = pgTable(
  'follows',
  {
    followerUid: text('follower_uid').notNull(),
    followeeUid: text('followee_uid').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.followerUid, t.followeeUid] })],
);

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  uid: text('uid').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', tz).notNull(),
});

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey(),
  uid: text('uid').notNull(),
  createdDate: timestamp('created_date', tz).notNull().defaultNow(),
  isRead: boolean('is_read').notNull(),
  kind: text('kind').notNull(),
  message: text('message').notNull(),
});

export type UserRow = typeof users.$inferSelect;

export const support = pgTable('support', {
  id: uuid('id').primaryKey(),
  uid: text('uid').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

export const accountDeletions = pgTable('account_deletions', {
  uid: text('uid').primaryKey(),
  email: text('email').notNull(),
  requestedAt: timestamp('requested_at', tz).notNull().defaultNow(),
  attempts: integer('attempts').notNull(),
  lastError: text('last_error').notNull(),
});

import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PoopTypeDescription } from '../../core/user';
import type { PoopStatus } from '../../core/poop';
import type { StoolColour } from '../../core/diary';
import type { NotificationParams } from '../../core/notification-kinds';
import type { Language } from '../../core/language';

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
  avatarKey: text('avatar_key').notNull().default(''),
  premium: boolean('premium').notNull(),
  followers: integer('followers').notNull(),
  followings: integer('followings').notNull(),
  accumulatedPoints: integer('accumulated_points').notNull(),
  currentPoints: integer('current_points').notNull(),
  subscriptionId: text('subscription_id'),
  subscriptionStatus: text('subscription_status').notNull(),
  fcmToken: text('fcm_token').notNull(),
  enableNotifications: boolean('enable_notifications').notNull(),
  /** null: the user has not chosen; the app follows the device. */
  darkMode: boolean('dark_mode'),
  alwaysView: boolean('always_view').notNull(),
  poopTypeDescription: jsonb('poop_type_description').$type<PoopTypeDescription>(),
  currentStreak: integer('current_streak').notNull(),
  longestStreak: integer('longest_streak').notNull(),
  lastPoopPosted: timestamp('last_poop_posted', tz),
  admin: boolean('admin').notNull(),
  receipt: text('receipt').notNull(),
  // migrations/0060_premium_chat.sql
  stripeCustomerId: text('stripe_customer_id'),
  /** When the newest applied subscription event happened (an older one arriving late is ignored). */
  subscriptionUpdatedAt: timestamp('subscription_updated_at', tz),
  // migrations/0074_streak_habits.sql
  timeZone: text('time_zone'),
  streakReminders: boolean('streak_reminders').notNull().default(true),
  streakKeptUntil: timestamp('streak_kept_until', tz),
  // migrations/0077_welcomed.sql: when the new-account welcome was finished or skipped; null until then.
  welcomedAt: timestamp('welcomed_at', tz),
  // migrations/0078_leaderboard_seen.sql: the leaderboard's 'New' badge is shown until this is true.
  leaderboardSeen: boolean('leaderboard_seen').notNull().default(false),
  // migrations/0092_user_language.sql: the language chosen in Account; null: the app follows the device.
  language: text('language').$type<Language>(),
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
  anonymous: boolean('anonymous').notNull().default(false),
});

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey(),
  uid: text('uid').notNull(),
  createdDate: timestamp('created_date', tz).notNull().defaultNow(),
  isRead: boolean('is_read').notNull(),
  kind: text('kind').notNull(),
  /** What the words need beyond the kind (core/notification-kinds.ts NotificationParams); 0091_notification_params.sql. */
  params: jsonb('params').$type<NotificationParams>().notNull().default({}),
  /** An older row's English sentence the upgrade could not read into params (0091); null for every newer row (0091 dropped its old DEFAULT '' too). */
  message: text('message'),
  // migrations/0010_social.sql
  actorUid: text('actor_uid'),
  poopId: uuid('poop_id'),
  link: text('link').notNull().default(''),
  dedupeKey: text('dedupe_key'),
  /** Web Push outbox state: pending, queued, skipped or done (0021_web_push.sql). */
  pushState: text('push_state').notNull().default('pending'),
  /** The comment a comment's notification is about (0077_welcomed.sql). */
  commentId: uuid('comment_id'),
});

export type NotificationRow = typeof notifications.$inferSelect;

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

// Posting and the feed (migrations/0002_poops.sql).

const ms = { withTimezone: true, mode: 'date', precision: 3 } as const;

export const poops = pgTable('poops', {
  id: uuid('id').primaryKey(),
  uid: text('uid').notNull(),
  username: text('username').notNull(),
  userPhotoUrl: text('user_photo_url').notNull(),
  isUserPremium: boolean('is_user_premium').notNull(),
  type: text('type').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  status: text('status').$type<PoopStatus>().notNull(),
  imageKey: text('image_key').notNull(),
  placeholder: text('placeholder').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  likes: integer('likes').notNull().default(0),
  comments: integer('comments').notNull().default(0),
  geohash: text('geohash').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  placeName: text('place_name').notNull(),
  createdDate: timestamp('created_date', ms).notNull(),
  modifiedDate: timestamp('modified_date', ms).notNull(),
  isCompleted: boolean('is_completed').notNull().default(true),
  verified: boolean('verified').notNull().default(false),
  deleted: boolean('deleted').notNull().default(false),
  /** A deleted post's files are gone (removed by the storage sweep after the undo window). */
  filesRemoved: boolean('files_removed').notNull().default(false),
  private: boolean('private').notNull(),
  showInMap: boolean('show_in_map').notNull(),
  /** In one of its author's hidden cells (map_hidden_cells): others see neither its place on the map nor its place name. */
  placeHidden: boolean('place_hidden').notNull().default(false),
  /** The author's zone when it was written: the day it counts for (core/personal-day.ts); null: New York. */
  timeZone: text('time_zone'),
  aiScreening: jsonb('ai_screening').$type<Record<string, unknown>>(),
  firstVerification: text('first_verification').notNull().default(''),
  secondVerification: text('second_verification').notNull().default(''),
  thirdVerification: text('third_verification').notNull().default(''),
  needSecondVerification: boolean('need_second_verification').notNull().default(false),
  needThirdVerification: boolean('need_third_verification').notNull().default(false),
  /** AI screening asks for a human look (migrations/0050_moderation.sql). */
  aiFlagged: boolean('ai_flagged').notNull().default(false),
});

export const likes = pgTable(
  'likes',
  {
    uid: text('uid').notNull(),
    poopId: uuid('poop_id').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.poopId] })],
);

export const comments = pgTable('comments', {
  id: uuid('id').primaryKey(),
  poopId: uuid('poop_id').notNull(),
  uid: text('uid').notNull(),
  text: text('text').notNull(),
  created: timestamp('created', ms).notNull(),
  likes: integer('likes').notNull().default(0),
});

export const likesComment = pgTable(
  'likes_comment',
  {
    uid: text('uid').notNull(),
    commentId: uuid('comment_id').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.commentId] })],
);

/** The ~5 km cells that have been a user's home area: hidden from others for good (migrations/0070_hidden_cells.sql). */
export const mapHiddenCells = pgTable(
  'map_hidden_cells',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    cell: text('cell').notNull(),
    hiddenAt: timestamp('hidden_at', tz).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.uid, table.cell] })],
);

export const geocodeCache = pgTable('geocode_cache', {
  cell: text('cell').primaryKey(),
  placeName: text('place_name').notNull(),
  fetchedAt: timestamp('fetched_at', tz).notNull().defaultNow(),
});

export type PoopRow = typeof poops.$inferSelect;
export type NewPoopRow = typeof poops.$inferInsert;
export type CommentRow = typeof comments.$inferSelect;

// Exactly-once replays and Web Push (migrations/0020_idempotency_keys.sql, 0021_web_push.sql).

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    uid: text('uid').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type').notNull().default(''),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.key] })],
);

export const pushSubscriptions = pgTable('push_subscriptions', {
  id: uuid('id').primaryKey(),
  uid: text('uid').notNull(),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  applicationPubKey: text('application_pub_key').notNull().default(''),
  expirationTime: timestamp('expiration_time', tz),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  // migrations/0092_user_language.sql: the device's language when it subscribed; null when it did not say.
  language: text('language').$type<Language>(),
});

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Real-user measures (POST /api/vitals): nothing that names a user, a device or an address. */
export const webVitals = pgTable('web_vitals', {
  name: text('name').notNull(),
  page: text('page').notNull(),
  installed: boolean('installed').notNull(),
  value: doublePrecision('value').notNull(),
  recordedAt: timestamp('recorded_at', tz).notNull().defaultNow(),
});

// Moderation (migrations/0050_moderation.sql).

export const typeVerifications = pgTable(
  'type_verifications',
  {
    poopId: uuid('poop_id').notNull(),
    stage: integer('stage').notNull(),
    reviewerUid: text('reviewer_uid').notNull(),
    chosenType: text('chosen_type').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.poopId, t.stage] })],
);

export const datasetExports = pgTable('dataset_exports', {
  poopId: uuid('poop_id').primaryKey(),
  type: text('type').notNull(),
  sink: text('sink').notNull(),
  location: text('location').notNull(),
  exportedAt: timestamp('exported_at', tz).notNull().defaultNow(),
});

export const reports = pgTable('reports', {
  day: date('day', { mode: 'string' }).primaryKey(),
  totalUsers: integer('total_users').notNull(),
  usersWithEmail: integer('users_with_email').notNull(),
  computedAt: timestamp('computed_at', tz).notNull().defaultNow(),
});
// --- Premium and chat (migrations/0060_premium_chat.sql) ---------------------------------

export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', tz).notNull().defaultNow(),
});

export const chatConversations = pgTable('chat_conversations', {
  id: uuid('id').primaryKey(),
  userA: text('user_a').notNull(),
  userB: text('user_b').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  lastMessageAt: timestamp('last_message_at', tz),
  readAAt: timestamp('read_a_at', tz),
  readBAt: timestamp('read_b_at', tz),
});

export type ChatConversationRow = typeof chatConversations.$inferSelect;

export const chatMessages = pgTable('chat_messages', {
  id: uuid('id').primaryKey(),
  conversationId: uuid('conversation_id').notNull(),
  senderUid: text('sender_uid').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

export type ChatMessageRow = typeof chatMessages.$inferSelect;

export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerUid: text('blocker_uid').notNull(),
    blockedUid: text('blocked_uid').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerUid, t.blockedUid] })],
);

export const chatReports = pgTable(
  'chat_reports',
  {
    messageId: uuid('message_id').notNull(),
    reporterUid: text('reporter_uid').notNull(),
    senderUid: text('sender_uid').notNull(),
    body: text('body').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.reporterUid] })],
);

/** Private health details of a movement (migrations/0071_health_diary.sql, core/diary.ts): read only by their author's diary routes. */
export const healthEntries = pgTable('health_entries', {
  id: uuid('id').primaryKey(),
  uid: text('uid').notNull(),
  /** Null for a diary-only entry. */
  poopId: uuid('poop_id'),
  occurredAt: timestamp('occurred_at', tz).notNull(),
  /** The author's zone when it was written: the day it counts for (core/personal-day.ts); null: New York. */
  timeZone: text('time_zone'),
  /** A diary-only entry's type; null on a post's entry, which reads its post's. */
  type: text('type'),
  urgency: boolean('urgency'),
  straining: boolean('straining'),
  incompleteEmptying: boolean('incomplete_emptying'),
  pain: smallint('pain'),
  blood: boolean('blood'),
  mucus: boolean('mucus'),
  colour: text('colour').$type<StoolColour>(),
  atNight: boolean('at_night'),
  medicine: boolean('medicine'),
  note: text('note').notNull().default(''),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  modifiedAt: timestamp('modified_at', tz).notNull().defaultNow(),
});

export type HealthEntryRow = typeof healthEntries.$inferSelect;

/** Streak freezes bought (migrations/0074_streak_habits.sql). */
export const streakFreezes = pgTable('streak_freezes', {
  id: uuid('id').primaryKey(),
  uid: text('uid').notNull(),
  boughtAt: timestamp('bought_at', tz).notNull(),
  price: integer('price').notNull(),
});

/** Each freeze used (core/streak.ts streakReport's `frozen`); given_back: a late post filled the day. */
export const streakFreezesUsed = pgTable(
  'streak_freezes_used',
  {
    uid: text('uid').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    usedAt: timestamp('used_at', tz).notNull(),
    givenBack: boolean('given_back').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.uid, t.day] })],
);

/** "Snooze 1 hour" pressed on a streak reminder, once per streak day. */
export const streakReminderSnoozes = pgTable(
  'streak_reminder_snoozes',
  {
    uid: text('uid').notNull(),
    streakDay: date('streak_day', { mode: 'string' }).notNull(),
    until: timestamp('until', tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.streakDay] })],
);

// --- Leagues and achievements (issue 44, migrations/0075_leagues_achievements.sql) ---
export const leagues = pgTable('leagues', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  ownerUid: text('owner_uid').notNull(),
  code: text('code').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

export type LeagueRow = typeof leagues.$inferSelect;

export const leagueMembers = pgTable(
  'league_members',
  {
    leagueId: uuid('league_id').notNull(),
    uid: text('uid').notNull(),
    joinedAt: timestamp('joined_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.uid] })],
);

export const leagueWeeks = pgTable(
  'league_weeks',
  {
    leagueId: uuid('league_id').notNull(),
    week: date('week').notNull(),
    closedAt: timestamp('closed_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.week] })],
);

export const leagueWins = pgTable(
  'league_wins',
  {
    leagueId: uuid('league_id').notNull(),
    week: date('week').notNull(),
    uid: text('uid').notNull(),
    daysLogged: integer('days_logged').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.week, t.uid] })],
);

export const achievements = pgTable(
  'achievements',
  {
    uid: text('uid').notNull(),
    key: text('key').notNull(),
    earnedAt: timestamp('earned_at', tz).notNull(),
    shown: boolean('shown').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.uid, t.key] })],
);
/** "Download my data" (issue 43, migrations/0073_data_exports.sql): the archives a user asked for. */
export const dataExports = pgTable('data_exports', {
  id: uuid('id').primaryKey(),
  uid: text('uid').notNull(),
  status: text('status').$type<'pending' | 'ready' | 'failed'>().notNull().default('pending'),
  storageKey: text('storage_key'),
  size: bigint('size', { mode: 'number' }),
  requestedAt: timestamp('requested_at', tz).notNull().defaultNow(),
  readyAt: timestamp('ready_at', tz),
  expiresAt: timestamp('expires_at', tz),
  /** Bumped each time the export is started afresh; a job carries the attempt it was sent for. */
  attempt: integer('attempt').notNull().default(0),
  /** When the current attempt began writing (null: waiting in the queue). */
  startedAt: timestamp('started_at', tz),
  /** The writer's last sign of life; silent for DATA_EXPORT_STALL_MS, the attempt is dead. */
  progressAt: timestamp('progress_at', tz),
});

export type DataExportRow = typeof dataExports.$inferSelect;

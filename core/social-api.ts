import { Type, type Static } from 'typebox';
import { NOTIFICATION_MARK_READ_LIMIT, SEARCH_QUERY_MAX_LENGTH } from './constants';
import { PublicAchievement } from './league-api';

/**
 * Schemas of user pages, follow lists, leaderboards, search, notifications and personal stats.
 * Streaks are as they read now (a lapsed current streak is 0, core/streak.ts readCurrentStreak).
 */

/** A user as others see them (no e-mail, no settings). */
export const PublicUserSchema = Type.Object(
  {
    uid: Type.String(),
    username: Type.String(),
    photoURL: Type.String(),
    /** The premium badge: an active subscription, or an admin. */
    premium: Type.Boolean(),
    followers: Type.Integer({ minimum: 0 }),
    followings: Type.Integer({ minimum: 0 }),
    currentStreak: Type.Integer({ minimum: 0 }),
    longestStreak: Type.Integer({ minimum: 0 }),
    /** Whether the caller follows them (false without a session, and for yourself). */
    isFollowing: Type.Boolean(),
  },
  { $id: 'PublicUser' },
);
export type PublicUser = Static<typeof PublicUserSchema>;

export const PublicUserResponse = Type.Object({
  user: PublicUserSchema,
  /** Achievements others may see (issue 44): the public ones, and health ones their owner shows. */
  achievements: Type.Optional(Type.Array(PublicAchievement)),
});
export type PublicUserResponse = Static<typeof PublicUserResponse>;

export const UserPageQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 200 })) });
export type UserPageQuery = Static<typeof UserPageQuery>;

/** A page of users; pass `nextCursor` back as `?cursor=` (null at the end). */
export const UserPageResponse = Type.Object({
  users: Type.Array(PublicUserSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type UserPageResponse = Static<typeof UserPageResponse>;

export const UserListResponse = Type.Object({ users: Type.Array(PublicUserSchema) });
export type UserListResponse = Static<typeof UserListResponse>;

export const SearchQuery = Type.Object({ q: Type.String({ maxLength: SEARCH_QUERY_MAX_LENGTH }) });
export type SearchQuery = Static<typeof SearchQuery>;

/** The two streak boards (spec section 2, Leaderboard screen). */
export const LeaderboardsResponse = Type.Object({
  currentStreaks: Type.Array(PublicUserSchema),
  longestStreaks: Type.Array(PublicUserSchema),
});
export type LeaderboardsResponse = Static<typeof LeaderboardsResponse>;

export const NotificationSchema = Type.Object(
  {
    id: Type.String(),
    uid: Type.String(),
    kind: Type.String(),
    /**
     * What the words need beyond the kind (core/notification-kinds.ts NotificationParams): the
     * app words the notification itself, in the reader's language (issue 62).
     */
    params: Type.Object(
      {
        actorName: Type.Optional(Type.String()),
        poopType: Type.Optional(Type.String()),
        achievementKey: Type.Optional(Type.String()),
        achievementTitle: Type.Optional(Type.String()),
        leagueName: Type.Optional(Type.String()),
        days: Type.Optional(Type.Number()),
        minutesLeft: Type.Optional(Type.Number()),
        usesFreeze: Type.Optional(Type.Boolean()),
        hours: Type.Optional(Type.Number()),
      },
      { additionalProperties: true },
    ),
    /** English, for logs and API users, e.g. 'alice liked your post'. */
    message: Type.String(),
    /** The message is an older row's own sentence that could not be read into params: show it as it is. */
    legacyText: Type.Boolean(),
    /** The in-app path it opens: /root/poop/{id} or /root/user/{uid}. */
    link: Type.String(),
    createdDate: Type.String(),
    isRead: Type.Boolean(),
    actor: Type.Union([Type.Object({ uid: Type.String(), username: Type.String(), photoURL: Type.String() }), Type.Null()]),
    poopId: Type.Union([Type.String(), Type.Null()]),
    /** A comment's first words (a comment, a like of your comment); null otherwise. */
    excerpt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /**
     * The post it is about, when the recipient may see it: its title and its blur placeholder
     * (a tiny inline image, shown blurred as the feed does). Null otherwise.
     */
    post: Type.Optional(Type.Union([Type.Object({ title: Type.String(), placeholder: Type.String() }), Type.Null()])),
  },
  { $id: 'Notification' },
);
export type AppNotification = Static<typeof NotificationSchema>;

export const NotificationPageResponse = Type.Object({
  notifications: Type.Array(NotificationSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type NotificationPageResponse = Static<typeof NotificationPageResponse>;

export const NotificationIdParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' }),
});
export type NotificationIdParams = Static<typeof NotificationIdParams>;

/** The notifications a screen showed, marked read because they were seen (at most a mark-all's worth). */
export const MarkShownReadBody = Type.Object(
  { ids: Type.Array(NotificationIdParams.properties.id, { minItems: 1, maxItems: NOTIFICATION_MARK_READ_LIMIT }) },
  { additionalProperties: false },
);
export type MarkShownReadBody = Static<typeof MarkShownReadBody>;

/** After marking: how many changed, and how many are still unread. */
export const MarkReadResponse = Type.Object({
  updated: Type.Integer({ minimum: 0 }),
  unread: Type.Integer({ minimum: 0 }),
});
export type MarkReadResponse = Static<typeof MarkReadResponse>;

/** The signed-in user's posts of the last STATS_DAYS days: their New York day and type. */
export const StatsResponse = Type.Object({
  days: Type.Integer({ minimum: 1 }),
  /** The first day covered, YYYY-MM-DD in New York (POOP_TIMEZONE). */
  since: Type.String(),
  posts: Type.Array(Type.Object({ day: Type.String(), type: Type.String() })),
});
export type StatsResponse = Static<typeof StatsResponse>;

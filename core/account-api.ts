import { Type, type Static } from 'typebox';
import { LanguageChoiceSchema } from './api';
import { Uuid, type UploadedFile } from './poop-api';
import { SUPPORT_MESSAGE_MAX_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './constants';

/** Changes a user may make to their own record; every field optional. */
export const UpdateMeBody = Type.Object(
  {
    username: Type.Optional(Type.String({ minLength: USERNAME_MIN_LENGTH, maxLength: USERNAME_MAX_LENGTH })),
    // null: no choice, the app follows the device.
    darkMode: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    alwaysView: Type.Optional(Type.Boolean()),
    // The app's language on every device of the account; null: each device follows its own.
    language: Type.Optional(LanguageChoiceSchema),
    enableNotifications: Type.Optional(Type.Boolean()),
    // The new-account welcome was finished or skipped: recorded once (the first time is kept).
    welcomed: Type.Optional(Type.Literal(true)),
    /** Opening the leaderboard marks it seen, for good. */
    leaderboardSeen: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateMeBody = Static<typeof UpdateMeBody>;

/** Whether a username could be the caller's: core/username.ts's rules, and nobody else has it. */
export const UsernameAvailableQuery = Type.Object({ username: Type.String({ maxLength: 200 }) }, { additionalProperties: false });
export type UsernameAvailableQuery = Static<typeof UsernameAvailableQuery>;

export const UsernameAvailableResponse = Type.Object({
  available: Type.Boolean(),
  /** Why not, as a code the app words itself (core/username.ts UsernameProblem); absent when available. */
  reason: Type.Optional(Type.Union([Type.Literal('length'), Type.Literal('chars'), Type.Literal('taken')])),
});
export type UsernameAvailableResponse = Static<typeof UsernameAvailableResponse>;

export const SupportBody = Type.Object(
  {
    /** Client-generated, so a message sent twice (e.g. replayed offline) is stored once. */
    id: Uuid,
    message: Type.String({ minLength: 1, maxLength: SUPPORT_MESSAGE_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type SupportBody = Static<typeof SupportBody>;

export const SupportResponse = Type.Object({ id: Type.String(), createdAt: Type.String() });
export type SupportResponse = Static<typeof SupportResponse>;

export const SUPPORT_MESSAGES = {
  empty: 'Please write a message.',
  tooLong: `Please keep your message under ${SUPPORT_MESSAGE_MAX_LENGTH} characters.`,
  sent: 'Thanks! Your message reached our support team.',
} as const;

/** One line of the user's own history (account/activity), newest first. */
export const ActivityItem = Type.Object({
  kind: Type.Union([Type.Literal('post'), Type.Literal('like'), Type.Literal('comment')]),
  /** When it happened, ISO 8601. */
  at: Type.String(),
  poopId: Type.String(),
  /** The post's title (their own post, the post they liked or commented on). */
  title: Type.String(),
  /** The comment's text, for kind 'comment'; else empty. */
  text: Type.String(),
});
export type ActivityItem = Static<typeof ActivityItem>;

export const ActivityQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
export const ActivityResponse = Type.Object({
  items: Type.Array(ActivityItem),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ActivityResponse = Static<typeof ActivityResponse>;

/** Account deletion is accepted at once and finishes in the background if a part fails. */
export const DeleteAccountResponse = Type.Object({
  /** 'pending': a part failed and is retried in the background until everything is gone. */
  status: Type.Union([Type.Literal('deleted'), Type.Literal('pending')]),
});
export type DeleteAccountResponse = Static<typeof DeleteAccountResponse>;

export const AvatarForm = Type.Object(
  {
    /** The uploaded picture (multipart field `avatar`). */
    avatar: Type.Unsafe<UploadedFile>({ type: 'object', description: 'the picture file (JPEG, PNG, WebP or AVIF)' }),
  },
  { additionalProperties: false },
);

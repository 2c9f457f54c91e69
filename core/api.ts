import { Type, type Static } from 'typebox';

/**
 * Request and response schemas of the API. The server registers them on its routes
 * (so bad input is a 400 and the OpenAPI document is generated from them); the app's
 * typed client uses the `Static` types.
 */

/** A language code (core/language.ts LANGUAGES) or null ("as the device"), as the API's schemas say it. */
export const LanguageChoiceSchema = Type.Union([Type.Literal('en'), Type.Literal('it'), Type.Null()]);

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String(),
      message: Type.String(),
      /** core/error-reasons.ts; the app words the failure from it (issue 62). */
      reason: Type.Optional(Type.String()),
      field: Type.Optional(Type.String()),
      params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()]))),
    }),
  },
  { $id: 'ErrorBody' },
);

export const UserSchema = Type.Object(
  {
    uid: Type.String(),
    email: Type.String(),
    username: Type.String(),
    username_searchable: Type.String(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    photoURL: Type.String(),
    premium: Type.Boolean(),
    followers: Type.Integer(),
    followings: Type.Integer(),
    points: Type.Object({ accumulatedPoints: Type.Number(), currentPoints: Type.Number() }),
    subscription: Type.Union([Type.Object({ id: Type.String() }), Type.Null()]),
    subscriptionStatus: Type.String(),
    fcmToken: Type.String(),
    enableNotifications: Type.Boolean(),
    darkMode: Type.Union([Type.Boolean(), Type.Null()]),
    /** The language chosen in Account ('en', 'it'); null: each device follows its own. */
    language: LanguageChoiceSchema,
    alwaysView: Type.Boolean(),
    poopTypeDescription: Type.Union([
      Type.Object({ type: Type.String(), description: Type.String(), modifiedDate: Type.String() }),
      Type.Null(),
    ]),
    currentStreak: Type.Integer(),
    longestStreak: Type.Integer(),
    lastPoopPosted: Type.Union([Type.String(), Type.Null()]),
    admin: Type.Boolean(),
    receipt: Type.String(),
    /** When the new-account welcome was finished or skipped (ISO 8601); null: show it. */
    welcomedAt: Type.Union([Type.String(), Type.Null()]),
    /** The user has opened the leaderboard (its 'New' badge is gone). */
    leaderboardSeen: Type.Boolean(),
  },
  { $id: 'User' },
);

export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  version: Type.String(),
});
export type HealthResponse = Static<typeof HealthResponse>;

export const ConfigResponse = Type.Object({
  firebase: Type.Object({ apiKey: Type.String(), authDomain: Type.String(), projectId: Type.String() }),
  /** e.g. http://127.0.0.1:9099 when the app talks to the Firebase Auth emulator, else null. */
  authEmulatorUrl: Type.Union([Type.String(), Type.Null()]),
  /** Where /oauthredirect forwards the id_token, e.g. plop://oauth. */
  mobileDeepLink: Type.String(),
  version: Type.String(),
  /** The server's VAPID public key (base64url), the applicationServerKey for Web Push. */
  vapidPublicKey: Type.Optional(Type.String()),
  /** MAP_STYLE_URL: a remote MapLibre style for the map; absent: the app's own offline world basemap. */
  mapStyleUrl: Type.Optional(Type.String()),
});
export type ConfigResponse = Static<typeof ConfigResponse>;

export { AUTH_EMULATOR_HANDLER_PATH } from './api-paths';

/** An IANA time zone as a device names it (e.g. 'Europe/Rome'); whether the server knows it is checked apart. */
export const TimeZoneName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' });

/**
 * POST /api/session. `timeZone`: the device's IANA zone. A new account starts in it, so its very
 * first post or diary entry already counts on the person's own day (core/personal-day.ts); an
 * account that has one keeps it (the app records a change, src/features/streak/use-record-time-zone.ts).
 */
export const CreateSessionBody = Type.Object(
  { idToken: Type.String({ minLength: 1, maxLength: 8192 }), timeZone: Type.Optional(TimeZoneName) },
  { additionalProperties: false },
);
export type CreateSessionBody = Static<typeof CreateSessionBody>;

export const UserResponse = Type.Object({ user: UserSchema });
export type UserResponse = Static<typeof UserResponse>;

export const UnreadCountResponse = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type UnreadCountResponse = Static<typeof UnreadCountResponse>;

import { Type, type Static } from 'typebox';
import {
  COMMENT_MAX_LENGTH,
  COMMENTS_PAGE_MAX,
  POOP_DESCRIPTION_MAX_LENGTH,
  POOP_PLACE_NAME_MAX_LENGTH,
  POOP_TITLE_MAX_LENGTH,
} from './constants';
import { POOP_STATUSES, POOP_TYPES, type PoopStatus, type PoopType } from './poop';

/**
 * Request and response schemas of posting, the feed, likes, comments, images and reverse
 * geocoding (the server registers them on its routes; the app uses the `Static` types).
 * Post dates are ISO strings in New York time (POOP_TIMEZONE); comment dates are UTC ISO strings.
 */

export const PoopTypeSchema = Type.Unsafe<PoopType>({ type: 'string', enum: [...POOP_TYPES] });
export const PoopStatusSchema = Type.Unsafe<PoopStatus>({ type: 'string', enum: [...POOP_STATUSES] });
/** A canonical UUID (not ajv's 'uuid' format, which also accepts urn:uuid:, which Postgres refuses). */
export const Uuid = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });

export const PoopSchema = Type.Object(
  {
    id: Type.String(),
    /** Empty without coordinates, and for anyone but the author (the map, GET /api/map, shows others' posts coarsened). */
    geohash: Type.String(),
    /** URL of the display image (WebP, longest side 2048), e.g. /api/media/poops/{id}/display. */
    image: Type.String(),
    /** URL of the thumbnail (WebP, longest side 480). */
    thumbnail: Type.String(),
    /** A tiny blurred WebP as a data: URL, to show while the image loads. */
    placeholder: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    type: PoopTypeSchema,
    title: Type.String(),
    description: Type.String(),
    likes: Type.Integer({ minimum: 0 }),
    comments: Type.Integer({ minimum: 0 }),
    status: PoopStatusSchema,
    uid: Type.String(),
    userPhotoURL: Type.String(),
    username: Type.String(),
    createdDate: Type.String(),
    modifiedDate: Type.String(),
    isCompleted: Type.Boolean(),
    verified: Type.Boolean(),
    deleted: Type.Boolean(),
    isUserPremium: Type.Boolean(),
    private: Type.Boolean(),
    showInMap: Type.Boolean(),
    // Moderation fields: sent to admins only; everyone else's posts carry what the screens show.
    aiScreening: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    firstVerification: Type.Optional(Type.String()),
    secondVerification: Type.Optional(Type.String()),
    thirdVerification: Type.Optional(Type.String()),
    needSecondVerification: Type.Optional(Type.Boolean()),
    needThirdVerification: Type.Optional(Type.Boolean()),
    placeName: Type.String(),
    /** The exact position, for the author only: null for anyone else (core/map-privacy.ts). */
    latitude: Type.Union([Type.Number(), Type.Null()]),
    longitude: Type.Union([Type.Number(), Type.Null()]),
    /** Whether the caller liked it (false without a session). */
    likedByMe: Type.Boolean(),
  },
  { $id: 'Poop' },
);
export type Poop = Static<typeof PoopSchema>;

export const PoopIdParams = Type.Object({ id: Uuid });
export type PoopIdParams = Static<typeof PoopIdParams>;

/** An uploaded file as the server's services receive it: its size (the bytes themselves stay on the server's disk). */
export interface UploadedFile {
  readonly bytes: number;
}

/**
 * The multipart/form-data fields of PUT /api/poops/:id. Fields arrive as text and are
 * coerced ("true" -> true, "40.7" -> 40.7); `photo` is the uploaded file.
 */
export const CreatePoopForm = Type.Object(
  {
    type: PoopTypeSchema,
    title: Type.String({ maxLength: POOP_TITLE_MAX_LENGTH, default: '' }),
    description: Type.String({ maxLength: POOP_DESCRIPTION_MAX_LENGTH, default: '' }),
    private: Type.Boolean({ default: false }),
    showInMap: Type.Boolean({ default: false }),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    placeName: Type.String({ maxLength: POOP_PLACE_NAME_MAX_LENGTH, default: '' }),
    /**
     * When the post was made (ISO 8601 with an offset), for a post that waited in the outbox:
     * its dates, feed place and streak day. Clamped into the last 7 days .. 5 minutes ahead
     * (core/poop-date.ts `acceptedPostTime`); the server's time without it.
     */
    createdDate: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
    /**
     * The author's private health details (issue 43, core/diary.ts HealthDetails) as JSON; stored
     * apart in the same transaction as the post, and never part of any post's answer.
     */
    health: Type.Optional(Type.String({ maxLength: 4000 })),
    photo: Type.Unsafe<UploadedFile>({ type: 'object', description: 'the photo file (JPEG, PNG, WebP or AVIF)' }),
  },
  { additionalProperties: false },
);
export type CreatePoopForm = Static<typeof CreatePoopForm>;

export const UpdatePoopBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: POOP_TITLE_MAX_LENGTH })),
    description: Type.Optional(Type.String({ maxLength: POOP_DESCRIPTION_MAX_LENGTH })),
    type: Type.Optional(PoopTypeSchema),
    private: Type.Optional(Type.Boolean()),
    showInMap: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdatePoopBody = Static<typeof UpdatePoopBody>;

export const PoopResponse = Type.Object({ poop: PoopSchema });
export type PoopResponse = Static<typeof PoopResponse>;

/**
 * What a new post or diary entry earned (core/post-payoff.ts `activityEarned`), computed once in its
 * transaction with the streak's freezes: the streak after it, whether it counted a new day or was the
 * account's first post, the milestone reached, the points added and the achievements' keys earned.
 */
export const ActivityEarnedSchema = Type.Object({
  streak: Type.Integer({ minimum: 0 }),
  firstPost: Type.Boolean(),
  newDay: Type.Boolean(),
  milestone: Type.Union([Type.Object({ days: Type.Integer({ minimum: 1 }), points: Type.Integer({ minimum: 0 }) }), Type.Null()]),
  points: Type.Integer({ minimum: 0 }),
  achievements: Type.Array(Type.String()),
});

/** A post answered by PUT /api/poops/:id; `earned` only when this request stored it (a replay earns nothing). */
export const CreatePoopResponse = Type.Object({ poop: PoopSchema, earned: Type.Optional(ActivityEarnedSchema) });
export type CreatePoopResponse = Static<typeof CreatePoopResponse>;
export type ActivityEarned = Static<typeof ActivityEarnedSchema>;

export const PageQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 64 })) });
export type PageQuery = Static<typeof PageQuery>;

/** A page of posts; pass `nextCursor` back as `?cursor=` for the next page (null at the end). */
export const PoopPageResponse = Type.Object({
  poops: Type.Array(PoopSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type PoopPageResponse = Static<typeof PoopPageResponse>;

export const PoopListResponse = Type.Object({ poops: Type.Array(PoopSchema) });
export type PoopListResponse = Static<typeof PoopListResponse>;

export const UserUidParams = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 128 }) });
export type UserUidParams = Static<typeof UserUidParams>;

export const LikeResponse = Type.Object({ liked: Type.Boolean(), likes: Type.Integer({ minimum: 0 }) });
export type LikeResponse = Static<typeof LikeResponse>;

export const CommentSchema = Type.Object(
  {
    id: Type.String(),
    poopId: Type.String(),
    uid: Type.String(),
    username: Type.String(),
    userPhotoURL: Type.String(),
    /** The author's premium badge (core/user.ts isPremium, as the author is now). */
    isUserPremium: Type.Boolean(),
    text: Type.String(),
    created: Type.String(),
    likes: Type.Integer({ minimum: 0 }),
    likedByMe: Type.Boolean(),
  },
  { $id: 'Comment' },
);
export type Comment = Static<typeof CommentSchema>;

export const CommentIdParams = Type.Object({ id: Uuid });
export type CommentIdParams = Static<typeof CommentIdParams>;

export const CreateCommentBody = Type.Object(
  { id: Uuid, text: Type.String({ minLength: 1, maxLength: COMMENT_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type CreateCommentBody = Static<typeof CreateCommentBody>;

export const CommentPageQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: COMMENTS_PAGE_MAX })),
});
export type CommentPageQuery = Static<typeof CommentPageQuery>;

/** Oldest first; pass `nextCursor` back for the next page (null at the end). */
export const CommentPageResponse = Type.Object({
  comments: Type.Array(CommentSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type CommentPageResponse = Static<typeof CommentPageResponse>;

export const CommentResponse = Type.Object({ comment: CommentSchema });
export type CommentResponse = Static<typeof CommentResponse>;

export const IMAGE_VARIANTS = ['display', 'thumb'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

export const MediaParams = Type.Object({
  id: Uuid,
  variant: Type.Unsafe<ImageVariant>({ type: 'string', enum: [...IMAGE_VARIANTS] }),
});
export type MediaParams = Static<typeof MediaParams>;

/** Where the API serves a post's image. */
export function poopImageUrl(id: string, variant: ImageVariant): string {
  return `/api/media/poops/${id}/${variant}`;
}

export const ReverseGeocodeQuery = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lon: Type.Number({ minimum: -180, maximum: 180 }),
});
export type ReverseGeocodeQuery = Static<typeof ReverseGeocodeQuery>;

/** The place name (Nominatim's display_name); empty when the lookup failed, so posting never waits on it. */
export const ReverseGeocodeResponse = Type.Object({ placeName: Type.String() });
export type ReverseGeocodeResponse = Static<typeof ReverseGeocodeResponse>;

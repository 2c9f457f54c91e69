import { Type, type Static } from 'typebox';
import { PoopStatusSchema, PoopTypeSchema, Uuid } from './poop-api';

/**
 * Schemas of the moderation API (issue 24): the Type Picker's stage queues, the review of pending
 * and flagged posts, moderator type changes, the admin dashboards, and the two backend functions
 * of spec section 7 (AI screening and "save to drive").
 */

const Stage = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/** Spec section 3, "Poop to verify": id, image, type, aiScreening.general.type, first and second verification. */
export const PoopToVerifySchema = Type.Object({
  id: Type.String(),
  image: Type.String(),
  type: Type.String(),
  aiType: Type.Union([Type.String(), Type.Null()]),
  firstVerification: Type.String(),
  secondVerification: Type.String(),
  createdDate: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type PoopToVerify = Static<typeof PoopToVerifySchema>;

/** The caller's stage (null: an admin who is not a reviewer), its queue and how many they verified. */
export const VerificationQueueResponse = Type.Object({
  stage: Type.Union([Stage, Type.Null()]),
  poops: Type.Array(PoopToVerifySchema),
  verifiedByMe: Type.Integer(),
});
export type VerificationQueue = Static<typeof VerificationQueueResponse>;

export const VerifyResponse = Type.Object({
  stage: Stage,
  verifiedByMe: Type.Integer(),
  /** After the third stage: the type the image was saved to the dataset as. */
  datasetType: Type.Optional(PoopTypeSchema),
});
export type VerifyResult = Static<typeof VerifyResponse>;

export const ModerationPoopSchema = Type.Object({
  id: Type.String(),
  image: Type.String(),
  type: Type.String(),
  status: PoopStatusSchema,
  verified: Type.Boolean(),
  aiFlagged: Type.Boolean(),
  aiType: Type.Union([Type.String(), Type.Null()]),
  username: Type.String(),
  createdDate: Type.String(),
});
export type ModerationPoop = Static<typeof ModerationPoopSchema>;
export const ModerationListResponse = Type.Object({ poops: Type.Array(ModerationPoopSchema) });

export const ReviewBody = Type.Object({ decision: Type.Union([Type.Literal('approve'), Type.Literal('deny')]) });
export const ChangeTypeBody = Type.Object({ type: PoopTypeSchema });
export const ModerationPoopResponse = Type.Object({ poop: ModerationPoopSchema });
export const PoopIdParams = Type.Object({ id: Uuid });

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const OverviewQuery = Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) });
export const DayCountSchema = Type.Object({ day: Type.String(), users: Type.Integer(), poops: Type.Integer() });
export const OverviewResponse = Type.Object({
  from: Type.String(),
  to: Type.String(),
  users: Type.Integer(),
  poops: Type.Integer(),
  byDay: Type.Array(DayCountSchema),
  totalUsers: Type.Integer(),
  totalPoops: Type.Integer(),
  unverified: Type.Integer(),
  pending: Type.Integer(),
  flagged: Type.Integer(),
  queues: Type.Object({ stage1: Type.Integer(), stage2: Type.Integer(), stage3: Type.Integer() }),
  premium: Type.Integer(),
});
export type Overview = Static<typeof OverviewResponse>;

/** Spec section 3, "Report summary", with the day it describes and the recent days for a trend. */
export const ReportQuery = Type.Object({ day: Type.Optional(Day) });
export const ReportSummaryResponse = Type.Object({
  /** The day shown: the one asked for, or the latest report's (null: no report yet). */
  day: Type.Union([Type.String(), Type.Null()]),
  totalUsersYesterday: Type.Union([Type.Integer(), Type.Null()]),
  usersWithEmailYesterday: Type.Union([Type.Integer(), Type.Null()]),
  /** The reports up to `day`, oldest first (at most REPORT_TREND_DAYS). */
  recent: Type.Array(Type.Object({ day: Type.String(), totalUsers: Type.Integer(), usersWithEmail: Type.Integer() })),
  /** The first and last days with a report, the range of the day picker (null: none yet). */
  firstDay: Type.Union([Type.String(), Type.Null()]),
  lastDay: Type.Union([Type.String(), Type.Null()]),
});
export type ReportSummary = Static<typeof ReportSummaryResponse>;

/** Spec section 7: POST /requestChatGptResponseWithStructuredData {base64Image}. */
export const ScreeningBody = Type.Object({ base64Image: Type.String({ minLength: 1, maxLength: 12 * 1024 * 1024 }) });
export const ScreeningResponse = Type.Object({ aiScreening: Type.Record(Type.String(), Type.Unknown()) });

/** Spec section 7: POST {backend}/saveImageToDrive {downloadUrl, type}. */
export const SaveImageBody = Type.Object({ downloadUrl: Type.String({ minLength: 1, maxLength: 2048 }), type: PoopTypeSchema });
export const SaveImageResponse = Type.Object({
  sink: Type.Union([Type.Literal('drive'), Type.Literal('storage')]),
  location: Type.String(),
});
export type SaveImageResult = Static<typeof SaveImageResponse>;

import { Type, type Static } from 'typebox';
import { DiaryEntrySchema, HealthDetailsSchema } from './diary';
import { ActivityEarnedSchema, PoopTypeSchema, Uuid } from './poop-api';

/**
 * Request and response schemas of the health diary's routes (issue 43), all of them the author's
 * own: a post's private details (GET/PUT /api/poops/:id/health), diary-only entries
 * (PUT/DELETE /api/me/diary/:id) and the author's entries over a range (GET /api/me/diary).
 */

/**
 * HealthDetails as a request body: the same fields without the shared schema's $id, so that two
 * bodies holding it (a post's details, a diary entry's) compile side by side in one validator.
 */
export const HealthDetailsBody = Type.Object(HealthDetailsSchema.properties, { additionalProperties: false });

export const HealthResponse = Type.Object({ details: HealthDetailsSchema });
export type HealthResponse = Static<typeof HealthResponse>;

/** A diary-only entry as the app writes it under its own UUID (a replay writes the same entry). */
export const DiaryEntryBody = Type.Object(
  {
    type: PoopTypeSchema,
    /** When it happened (ISO 8601 with an offset): any time of the last year (core/diary.ts acceptedEntryTime), else a 400. */
    occurredAt: Type.String({ format: 'date-time', maxLength: 40 }),
    details: HealthDetailsBody,
  },
  { additionalProperties: false },
);
export type DiaryEntryBody = Static<typeof DiaryEntryBody>;

export const DiaryEntryIdParams = Type.Object({ id: Uuid });

/** A diary-only entry, with what writing it earned (PUT only). */
export const DiaryEntryResponse = Type.Object({ entry: DiaryEntrySchema, earned: Type.Optional(ActivityEarnedSchema) });
export type DiaryEntryResponse = Static<typeof DiaryEntryResponse>;

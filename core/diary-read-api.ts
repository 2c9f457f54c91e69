import { Type, type Static } from 'typebox';
import { DiaryEntrySchema } from './diary';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A calendar day, YYYY-MM-DD' });

/**
 * GET /api/me/diary: the caller's own diary over the days `from` to `to` (inclusive), at most
 * DIARY_RANGE_MAX_DAYS days. Without `tz`, the person's own days (core/personal-day.ts: each entry's
 * day in the zone it was written in, the account's); with it, the days in that IANA zone.
 */
export const DiaryQuery = Type.Object(
  {
    from: Day,
    to: Day,
    tz: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: "IANA time zone, e.g. Europe/Paris; each entry's own day when left out" }),
    ),
  },
  { additionalProperties: false },
);
export type DiaryQuery = Static<typeof DiaryQuery>;

/** The caller's posts (with their private details) and diary-only entries in the range, oldest first. */
export const DiaryResponse = Type.Object({ entries: Type.Array(DiaryEntrySchema) });
export type DiaryResponse = Static<typeof DiaryResponse>;

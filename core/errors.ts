/** Error codes the API answers with in `{ error: { code, message } }`. */
export const ERROR_CODES = [
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'cross_site_request',
  'account_required',
  'idempotency_key_reused',
  'internal',
  // The database or the file storage cannot be used right now (503, Retry-After); issue 27.
  'unavailable',
  'storage_unavailable',
  // Premium and chat (issue 25).
  'premium_required',
  'payments_not_configured',
  'chat_blocked',
  'invalid_signature',
  // Streak freezes (issue 44).
  'not_enough_points',
  'streak_freezes_full',
  // Leagues (issue 44).
  'league_full',
  // A person's leagues: at most LEAGUE_MAX_JOINED, owning at most LEAGUE_MAX_OWNED (409); issue 61.
  'league_limit',
  // "Download my data": a new archive at most once an hour (429, Retry-After); issue 61.
  'export_too_soon',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What a field's validation failure says beyond its code: which field (`title`, `comment`, or the
 * name of a missing property) and the limit it broke (`{ limit: 100 }` for a maximum length).
 */
export interface ErrorDetails {
  field?: string;
  params?: Record<string, number | string>;
}

export interface ApiErrorBody {
  error: {
    /** One of ERROR_CODES from this server; typed as string because a proxy or an older server may send others. */
    code: string;
    /** English, for logs and API users; the app words the failure itself from `code` and `reason`. */
    message: string;
    /** The precise failure within the code, one of ERROR_REASONS (core/error-reasons.ts), when it is one of them. */
    reason?: string;
  } & ErrorDetails;
}

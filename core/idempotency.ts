/**
 * Exactly-once replays (issue 10): a write that is not naturally idempotent may carry this
 * header; the server stores the first answer per user and key and answers it again to a replay.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that was replayed from the store rather than computed again. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key is remembered; a replay after this runs the write again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still "in flight" after this long is taken to have died with its server. */
export const IDEMPOTENCY_IN_FLIGHT_TIMEOUT_MS = 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  reusedWithOtherBody: 'This Idempotency-Key was already used for a different request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
} as const;

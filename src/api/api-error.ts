import type { ApiErrorBody } from '../../core/errors';

/** Code of an ApiError raised when the request never got an answer (offline, DNS, CORS). */
export const NETWORK_ERROR_CODE = 'network_error';

/** A failed API call: the HTTP status (0 when there was no answer) and the server's error code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The precise failure the server named (core/error-reasons.ts), if any. */
  readonly reason: string | undefined;

  constructor(status: number, code: string, message: string, reason?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.reason = reason;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string';
}

/** Builds the ApiError for a non-2xx answer from its status and raw body text. */
export function toApiError(status: number, bodyText: string, statusText = ''): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall through to the generic error below.
    parsed = undefined;
  }
  if (isApiErrorBody(parsed)) {
    const { reason } = parsed.error;
    return new ApiError(status, parsed.error.code, parsed.error.message, typeof reason === 'string' ? reason : undefined);
  }
  return new ApiError(status, status >= 500 ? 'internal' : 'http_error', statusText || `HTTP ${status}`);
}

import type { ErrorCode, ErrorDetails } from '../core/errors';
import { SERVER_MESSAGES } from '../core/server-messages';

/** A failure a caller can act on; the error handler maps it to `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** The field a validation failure is about, and the limit it broke. */
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, code: ErrorCode = 'bad_request', details: ErrorDetails = {}) {
    super(400, code, message, details);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message: string = SERVER_MESSAGES.signIn) {
    super(401, 'unauthenticated', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = SERVER_MESSAGES.forbidden, code: ErrorCode = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = SERVER_MESSAGES.notFound) {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

/** Busy now, fine shortly: 429 (this caller) or 503 (the server), with Retry-After in seconds. */
export class RetryLaterError extends AppError {
  constructor(
    statusCode: 429 | 503,
    message: string,
    readonly retryAfterSeconds: number,
    code: ErrorCode = 'rate_limited',
  ) {
    super(statusCode, code, message);
  }
}

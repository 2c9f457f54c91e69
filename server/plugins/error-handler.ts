import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isForeignKeyViolation } from '../db/pg-errors';
import { AppError, RetryLaterError } from '../errors';
import { SERVER_MESSAGES } from '../../core/server-messages';
import { reasonOfMessage } from '../../core/error-reasons';

/** Fastify's own error codes that are the caller's fault, with the code we answer. */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  // @fastify/multipart (photo uploads)
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_FILES_LIMIT: 'payload_too_large',
  FST_FIELDS_LIMIT: 'payload_too_large',
  FST_PARTS_LIMIT: 'payload_too_large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  // Fastify's router (see frameworkErrors)
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_MAX_PARAM_LENGTH: 'bad_request',
};

/** Retry-After of the 503s below: a dropped connection is replaced at once, a full disk may take longer. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * A file-system call that failed (Node's system errors carry `syscall` and an errno `code`):
 * the disk storage could not write (read-only, full, a path that is not a folder). Not the
 * caller's fault and not a bug: 503. Missing files are answered 404 where they are read.
 */
function isStorageFailure(error: unknown): boolean {
  const { syscall, code } = error as { syscall?: unknown; code?: unknown };
  return typeof syscall === 'string' && typeof code === 'string' && /^E[A-Z]+$/.test(code) && !isDatabaseUnavailable(error);
}

/** Client errors that come as plain Errors from the body parsers (busboy, the multipart stream). */
const MALFORMED_BODY = /boundary|unexpected end of (form|multipart)|malformed|multipart|part terminated/i;

/** The envelope for Fastify's own router errors (bad URL encoding 400, over-long params 414). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const code = (error.code && CLIENT_ERRORS[error.code]) || 'bad_request';
  void reply.status(status).send({ error: { code, message: error.message } });
}

/** Errors Node's HTTP parser meets before Fastify has a request (no route, no reply): status and code. */
const PARSER_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'payload_too_large', message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'bad_request', message: 'The request took too long to arrive.' },
};

/**
 * Fastify's `clientErrorHandler`: a request the parser could not read (headers over Node's
 * 16 KB, a malformed request line, a timeout) still answers in the `{ error: { code, message } }`
 * envelope, then the connection closes (as Node and Fastify's default do).
 */
export function clientErrors(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && PARSER_ERRORS[error.code]) || {
    status: 400,
    code: 'bad_request',
    message: 'The request could not be read.',
  };
  const body = JSON.stringify({ error: { code: known.code, message: known.message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * The one place errors become `{ error: { code, message, reason?, field?, params? } }` (the codes
 * and reasons: docs/architecture.md "Languages"); 5xx details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Answered before the body was read (an upload refused in the multipart handler): the rest of
    // the body would be read as the next request on this connection and the client's next request
    // would hang, so the connection closes with this answer.
    if (!request.raw.complete) void reply.header('connection', 'close');
    if (error instanceof AppError) {
      if (error instanceof RetryLaterError) void reply.header('Retry-After', String(error.retryAfterSeconds));
      const reason = reasonOfMessage(error.message);
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message, reason, ...error.details } });
    }
    if (error.validation) {
      const where = error.validationContext ?? 'request';
      return reply.status(400).send({ error: { code: 'bad_request', message: `Invalid ${where}: ${error.message}` } });
    }
    if (isForeignKeyViolation(error)) {
      return reply.status(404).send({ error: { code: 'not_found', message: SERVER_MESSAGES.routeNotFound, reason: 'routeNotFound' } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: { code: 'rate_limited', message: SERVER_MESSAGES.tooManyRequests, reason: 'tooManyRequests' } });
    }
    if (status >= 400 && status < 500) {
      const code = (error.code && CLIENT_ERRORS[error.code]) || 'bad_request';
      return reply.status(status).send({ error: { code, message: error.message } });
    }
    if (isMalformedBody(error)) {
      return reply.status(400).send({ error: { code: 'bad_request', message: `Malformed request body: ${error.message}` } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unreachable');
      void reply.header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
      return reply
        .status(503)
        .send({ error: { code: 'unavailable', message: SERVER_MESSAGES.databaseUnavailable, reason: 'databaseUnavailable' } });
    }
    if (isStorageFailure(error)) {
      request.log.error({ err: error }, 'storage failed');
      void reply.header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
      return reply
        .status(503)
        .send({ error: { code: 'storage_unavailable', message: SERVER_MESSAGES.storageUnavailable, reason: 'storageUnavailable' } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal', message: SERVER_MESSAGES.internal, reason: 'internal' } });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} ${request.url}` } }),
  );
}

/**
 * A body the parsers could not read (a multipart body with no boundary, truncated, or cut off)
 * arrives as a plain Error with no status: it is the caller's fault, so a 400.
 */
function isMalformedBody(error: FastifyError): boolean {
  if (error.statusCode !== undefined && error.statusCode !== 500) return false;
  return MALFORMED_BODY.test(error.message ?? '');
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { isForeignKeyViolation } from '../db/pg-errors';
import { AppError } from '../errors';
import { SERVER_MESSAGES } from '../../core/server-messages';

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
};

/** The one place errors become `{ error: { code, message } }`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
    }
    if (error.validation) {
      const where = error.validationContext ?? 'request';
      return reply.status(400).send({ error: { code: 'bad_request', message: `Invalid ${where}: ${error.message}` } });
    }
    if (isForeignKeyViolation(error)) {
      return reply.status(404).send({ error: { code: 'not_found', message: SERVER_MESSAGES.routeNotFound } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'rate_limited', message: SERVER_MESSAGES.tooManyRequests } });
    }
    if (status >= 400 && status < 500) {
      const code = (error.code && CLIENT_ERRORS[error.code]) || 'bad_request';
      return reply.status(status).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal', message: SERVER_MESSAGES.internal } });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} ${request.url}` } }),
  );
}

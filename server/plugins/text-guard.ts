import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../errors';
import { SERVER_MESSAGES } from '../../core/server-messages';

const NUL = '\u0000';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  // Bytes (an uploaded file) are not text.
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array || depth > 8) return false;
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || containsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold a NUL character, so a request carrying one in its path, query or
 * body is refused with a 400 before it reaches a route, instead of failing inside the database.
 */
export function registerTextGuard(app: FastifyInstance): void {
  // preHandler, not preValidation: multipart fields are attached to the body only by then.
  app.addHook('preHandler', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new ValidationError(SERVER_MESSAGES.nulInText);
    }
  });
}

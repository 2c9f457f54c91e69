import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Sends a chat message through the API (PUT, idempotent by `id`). */
export function send(app: FastifyInstance, cookie: string, to: string, body: string, id = randomUUID()) {
  return app.inject({ method: 'PUT', url: `/api/chat/with/${to}/messages/${id}`, headers: { cookie }, payload: { body } });
}

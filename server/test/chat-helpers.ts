import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Polls `probe` until it gives a value, or fails after `timeoutMs`. */
export async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Sends a chat message through the API (PUT, idempotent by `id`). */
export function send(app: FastifyInstance, cookie: string, to: string, body: string, id = randomUUID()) {
  return app.inject({ method: 'PUT', url: `/api/chat/with/${to}/messages/${id}`, headers: { cookie }, payload: { body } });
}

import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../config';

/**
 * A request from this machine itself: its socket's peer is a loopback address and no proxy
 * forwarded it (a reverse proxy on the same host connects from loopback too, but says for whom).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['x-forwarded-for'] || headers.forwarded || headers['x-real-ip']) return false;
  return isLoopbackHost(request.socket.remoteAddress ?? '');
}

/** True when the Authorization header is `Bearer <token>` (compared in constant time). */
export function hasBearer(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

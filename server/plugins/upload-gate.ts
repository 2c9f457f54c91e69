import type { FastifyReply, FastifyRequest } from 'fastify';
import { RetryLaterError } from '../errors';
import { pipelineIsFull, UPLOAD_RETRY_AFTER_SECONDS } from '../media/image-pipeline';
import { requirePrincipal } from './session';

export interface UploadGateLimits {
  /**
   * Bytes of upload bodies admitted and not yet answered, across all users (declared
   * Content-Length, else the largest allowed). UPLOADS_IN_FLIGHT_MAX_MB, 192 by default: sixteen
   * 12 MB photos, about what the pipeline takes in (two slots, a queue of sixteen), so an admitted
   * upload rarely meets a full queue.
   */
  maxBytesInFlight: number;
  /** Uploads one user may have in flight at once (UPLOADS_PER_USER, 2: a post and an avatar, or an outbox replay). */
  maxPerUser: number;
  /** The largest upload body accepted (the photo plus the form around it). */
  maxRequestBytes: number;
}

const SERVER_BUSY = 'Too many photos are being uploaded right now. Please try again in a moment.';
const USER_BUSY = 'You are already uploading photos. Please wait for them to finish.';

/**
 * Admission for uploads, decided in onRequest, before any of the body is read: a refused upload
 * costs no memory and no disk (Node drains its body without keeping it). It refuses with 503 +
 * Retry-After when the image pipeline's queue is full or the bytes in flight would pass the
 * bound, and with 429 + Retry-After when the user already has `maxPerUser` uploads in flight.
 * What it admitted is released when the response is done or the connection drops.
 */
export class UploadGate {
  private bytesInFlight = 0;
  private readonly perUser = new Map<string, number>();

  constructor(
    readonly stagingDir: string,
    private readonly limits: UploadGateLimits,
    private readonly pipelineFull: () => boolean = pipelineIsFull,
  ) {}

  /** The onRequest hook (after the session check). */
  readonly admit = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { uid } = requirePrincipal(request);
    const declared = Number(request.headers['content-length']);
    const bytes = Number.isFinite(declared) && declared > 0 ? Math.min(declared, this.limits.maxRequestBytes) : this.limits.maxRequestBytes;
    const mine = this.perUser.get(uid) ?? 0;
    if (mine >= this.limits.maxPerUser) throw new RetryLaterError(429, USER_BUSY, UPLOAD_RETRY_AFTER_SECONDS);
    if (this.pipelineFull() || this.bytesInFlight + bytes > this.limits.maxBytesInFlight) {
      throw new RetryLaterError(503, SERVER_BUSY, UPLOAD_RETRY_AFTER_SECONDS);
    }
    this.bytesInFlight += bytes;
    this.perUser.set(uid, mine + 1);
    reply.raw.once('close', () => {
      this.bytesInFlight -= bytes;
      const left = (this.perUser.get(uid) ?? 1) - 1;
      if (left > 0) this.perUser.set(uid, left);
      else this.perUser.delete(uid);
    });
  };

  /** What is admitted now (for tests and the benchmark's log). */
  get inFlight(): { bytes: number; users: number } {
    return { bytes: this.bytesInFlight, users: this.perUser.size };
  }
}

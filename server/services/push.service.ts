import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PUSH_MESSAGES, pushActions, type PushPayload, type PushSubscriptionBody } from '../../core/push-api';
import { pushBody, pushTitle } from '../../core/push-words';
import { ValidationError } from '../errors';
import { PushAddressRefusedError, type PushTarget, type VapidKeys } from '../integrations/web-push';
import type { PushOutboxRepository } from '../repositories/push-outbox.repository';
import type { PushSubscriptionRepository } from '../repositories/push-subscription.repository';
import type { PushCatalogs } from './push-catalogs';

/** How long a push service keeps an undelivered push (the device may be offline). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SWEEP_BATCH = 100;

export interface DeliverJob {
  notificationId: string;
  subscriptionId: string;
}

export interface PushEndpointPolicy {
  /** WEB_PUSH_ALLOW_HTTP=1 (local testing): http:// endpoints on loopback too. */
  allowHttp: boolean;
  /** `host`, `*.domain` or `host:port` (port 443 unless given): config.webPush.hosts. */
  hosts: readonly string[];
}

/** Whether `host` on `port` is one of the policy's hosts. */
function isListedHost(host: string, port: number, hosts: readonly string[]): boolean {
  return hosts.some((entry) => {
    const withPort = /^(.*):(\d+)$/.exec(entry);
    const name = withPort ? withPort[1]! : entry;
    if (port !== (withPort ? Number(withPort[2]) : 443)) return false;
    if (name.startsWith('*.')) return host.endsWith(name.slice(1)) && host.length > name.length - 1;
    return host === name;
  });
}

/**
 * Whether the server may send to this endpoint: https to a browser's push service on port 443
 * (or a host the operator listed), so no endpoint names an inside host (`localhost.`,
 * `foo.localhost`, `metadata.google.internal`, a `127.0.0.1.nip.io`) or another port; http on
 * loopback only when WEB_PUSH_ALLOW_HTTP=1 (local testing). The address a listed name resolves
 * to is checked again when sending (integrations/web-push.ts).
 */
export function pushEndpointProblem(endpoint: string, policy: PushEndpointPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_MESSAGES.endpointInvalid;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const loopback = host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  if (url.username || url.password) return PUSH_MESSAGES.endpointInvalid;
  if (url.protocol === 'http:' && policy.allowHttp && loopback) return undefined;
  if (url.protocol !== 'https:') return PUSH_MESSAGES.endpointNotHttps;
  if (!isListedHost(host, url.port ? Number(url.port) : 443, policy.hosts)) return PUSH_MESSAGES.endpointNotPushService;
  return undefined;
}

function base64UrlBytes(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]+=*$/.test(value)) return undefined;
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}

/** A delivery that failed for a reason worth retrying (429, 5xx); the job queue retries with back-off. */
export class RetryablePushError extends Error {}

/** Web Push: devices register, notification rows become pushes (outbox sweep, then one job per device). */
/** What became of a push the server tried to send (the metrics' `result` label). */
export type PushSendResult = 'sent' | 'gone' | 'retried' | 'refused' | 'failed';

export class PushService {
  /** Sends tried since this server started, by what became of them (GET /metrics). */
  readonly sends: Record<PushSendResult, number> = { sent: 0, gone: 0, retried: 0, refused: 0, failed: 0 };

  constructor(
    private readonly deps: {
      subscriptions: PushSubscriptionRepository;
      outbox: PushOutboxRepository;
      vapid: VapidKeys;
      endpoints: PushEndpointPolicy;
      send: (target: PushTarget, payload: string, vapid: VapidKeys, ttlSeconds: number) => Promise<number>;
      /** `key` (notification, device) makes a sweep repeated after a crash queue nothing twice. */
      enqueue: (job: DeliverJob, key: readonly string[]) => Promise<unknown>;
      /** Each language's catalog, for the push's words (push-catalogs.ts). */
      catalogs: () => Promise<PushCatalogs>;
      log: FastifyBaseLogger;
    },
  ) {}

  get publicKey(): string {
    return this.deps.vapid.publicKey;
  }

  async register(uid: string, body: PushSubscriptionBody, now: Date): Promise<string> {
    const problem = pushEndpointProblem(body.endpoint, this.deps.endpoints);
    if (problem) throw new ValidationError(problem);
    const p256dh = base64UrlBytes(body.keys.p256dh);
    const auth = base64UrlBytes(body.keys.auth);
    if (!p256dh || p256dh.length !== 65 || p256dh[0] !== 4 || !auth || auth.length !== 16) {
      throw new ValidationError(PUSH_MESSAGES.keysInvalid);
    }
    const expiration = typeof body.expirationTime === 'number' ? new Date(body.expirationTime) : null;
    const token = await this.deps.subscriptions.upsert(
      {
        uid,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        applicationPubKey: body.applicationPubKey ?? '',
        expirationTime: expiration && !Number.isNaN(expiration.getTime()) ? expiration : null,
        language: body.language ?? null,
      },
      now,
    );
    // Another account's endpoint without its keys: it stays theirs. The answer looks like any
    // registration (a token that names nothing), so it does not tell whether the endpoint exists.
    return token ?? randomUUID();
  }

  unregister(uid: string, token: string): Promise<void> {
    return this.deps.subscriptions.deleteForUser(uid, token);
  }

  unregisterEndpoint(uid: string, endpoint: string): Promise<void> {
    return this.deps.subscriptions.deleteEndpointForUser(uid, endpoint);
  }

  /** Turns pending notification rows into one delivery job per device; answers how many rows it handled. */
  async sweep(): Promise<number> {
    const pending = await this.deps.outbox.pending(SWEEP_BATCH);
    const queued: string[] = [];
    const skipped: string[] = [];
    for (const notification of pending) {
      const devices = notification.enableNotifications ? await this.deps.subscriptions.listIdsForUser(notification.uid) : [];
      for (const subscriptionId of devices) {
        await this.deps.enqueue({ notificationId: notification.id, subscriptionId }, [notification.id, subscriptionId]);
      }
      (devices.length > 0 ? queued : skipped).push(notification.id);
    }
    await this.deps.outbox.mark(queued, 'queued');
    await this.deps.outbox.mark(skipped, 'skipped');
    return pending.length;
  }

  /** Sends one notification to one device: gone devices (404/410) are forgotten, 429/5xx retried. */
  async deliver(job: DeliverJob): Promise<void> {
    const notification = await this.deps.outbox.find(job.notificationId);
    if (!notification || !notification.enableNotifications) return;
    const subscription = await this.deps.subscriptions.findById(job.subscriptionId);
    if (!subscription || subscription.uid !== notification.uid) return;
    if (pushEndpointProblem(subscription.endpoint, this.deps.endpoints)) return;
    // The recipient's words: the account's language, else the language of the device it goes to.
    const i18n = (await this.deps.catalogs())[notification.language ?? subscription.language ?? 'en'];
    const payload: PushPayload = {
      title: pushTitle(i18n, notification.kind),
      body: pushBody(i18n, {
        kind: notification.kind,
        params: notification.params,
        english: notification.message,
        legacyText: notification.legacyText,
        commentText: notification.commentText,
      }),
      link: notification.link,
      tag: `notification-${notification.id}`,
      actions: pushActions(i18n, notification.kind, notification.link),
      unread: await this.deps.outbox.countUnread(notification.uid),
    };
    let status: number;
    try {
      status = await this.deps.send(subscription, JSON.stringify(payload), this.deps.vapid, PUSH_TTL_SECONDS);
    } catch (error) {
      // An endpoint whose name leads inside the network: never sent, and no retry would change that.
      if (error instanceof PushAddressRefusedError) {
        this.sends.refused++;
        this.deps.log.warn({ subscriptionId: subscription.id, reason: error.message }, 'push endpoint address refused');
        return;
      }
      this.sends.failed++;
      throw error;
    }
    if (status >= 200 && status < 300) {
      this.sends.sent++;
      return;
    }
    if (status === 404 || status === 410) {
      this.sends.gone++;
      await this.deps.subscriptions.delete(subscription.id);
      return;
    }
    if (status === 429 || status >= 500) {
      this.sends.retried++;
      throw new RetryablePushError(`push service answered ${status}`);
    }
    this.sends.refused++;
    this.deps.log.warn({ status, subscriptionId: subscription.id }, 'push refused by the push service');
  }
}

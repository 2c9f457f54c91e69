import { Type, type Static } from 'typebox';

/** Web Push (issue 10): subscription registration, the payload the worker shows. */

export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
export const PUSH_KEY_MAX_LENGTH = 256;

/**
 * The browsers' push services, the only hosts push endpoints may name by default (port 443):
 * Google's FCM (Chrome, Edge on Android, Opera, Samsung Internet), Mozilla's autopush (Firefox),
 * Apple's web push (Safari, installed iOS apps) and Microsoft's WNS (Edge on Windows). `*.` covers
 * the subdomains (WNS names a data centre per device). WEB_PUSH_HOSTS adds hosts (host or host:port).
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export const PUSH_MESSAGES = {
  endpointNotHttps: 'Push endpoints must be https URLs.',
  endpointNotPushService: "Push endpoints must be on a browser's push service.",
  endpointInvalid: 'That push endpoint is not a valid URL.',
  keysInvalid: 'The subscription keys are not valid (p256dh must be a P-256 public key, auth 16 bytes).',
} as const;

/** `PushSubscription.toJSON()`, plus the optional application server key the browser used. */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX_LENGTH }),
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  keys: Type.Object({
    p256dh: Type.String({ minLength: 1, maxLength: PUSH_KEY_MAX_LENGTH }),
    auth: Type.String({ minLength: 1, maxLength: PUSH_KEY_MAX_LENGTH }),
  }),
  applicationPubKey: Type.Optional(Type.String({ maxLength: PUSH_KEY_MAX_LENGTH })),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

/** The token is the subscription's id: keep it to unregister; re-registering answers the same one. */
export const PushSubscriptionResponse = Type.Object({ token: Type.String() });
export type PushSubscriptionResponse = Static<typeof PushSubscriptionResponse>;

export const PushTokenParams = Type.Object({
  token: Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' }),
});
export type PushTokenParams = Static<typeof PushTokenParams>;

export const PushUnsubscribeBody = Type.Object({ endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX_LENGTH }) });
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBody>;

export const PushPublicKeyResponse = Type.Object({ publicKey: Type.String() });
export type PushPublicKeyResponse = Static<typeof PushPublicKeyResponse>;

/** What a push carries (encrypted); the worker shows it and opens `link` on click. */
export interface PushPayload {
  title: string;
  body: string;
  /** In-app path, e.g. /root/notifications. */
  link: string;
  /** Notifications with the same tag replace each other. */
  tag: string;
}

/** Title of a push by notification kind; unknown kinds get the app's name. */
export function pushTitle(kind: string): string {
  switch (kind) {
    case 'like':
      return 'New like';
    case 'comment':
      return 'New comment';
    case 'comment_like':
    case 'like_comment':
      return 'Your comment was liked';
    case 'follow':
      return 'New follower';
    default:
      return 'Plop';
  }
}

/** Reads a push's JSON; anything malformed still shows a visible notification (browsers revoke silent pushes). */
export function parsePushPayload(text: string | undefined): PushPayload {
  const fallback: PushPayload = { title: 'Plop', body: 'You have a new notification.', link: '/root/notifications', tag: 'plop' };
  if (!text) return fallback;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof PushPayload, unknown>>;
    const str = (v: unknown, d: string) => (typeof v === 'string' && v !== '' ? v : d);
    const link = str(value.link, fallback.link);
    return {
      title: str(value.title, fallback.title),
      body: str(value.body, fallback.body),
      // Only in-app paths: a push never sends the user to another site.
      link: link.startsWith('/') && !link.startsWith('//') ? link : fallback.link,
      tag: str(value.tag, fallback.tag),
    };
  } catch {
    return { ...fallback, body: text.slice(0, 200) };
  }
}

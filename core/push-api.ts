import { Type, type Static } from 'typebox';
import { COMMENT_REPLY_PARAM } from './constants';
import type { I18n } from '@lingui/core';
import { PUSH_ACTION_WORDS } from './push-words';
import { safeReturnPath } from './return-path';
import { LanguageChoiceSchema } from './api';

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
  /** The app's language on this device: the pushes' words when the account chose none (issue 62). */
  language: Type.Optional(LanguageChoiceSchema),
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

/** A button on a notification (issue 45): where it leads is in the payload, checked like `link`. */
export type PushActionId = 'open' | 'reply' | 'snooze';

/** The streak reminder's "Snooze 1 hour": the worker posts here with the session cookie instead of opening a page. */
export const STREAK_SNOOZE_PATH = '/api/streak/reminder/snooze';
export interface PushAction {
  action: PushActionId;
  title: string;
  /** In-app path the button opens. */
  link: string;
}

/** What a push carries (encrypted); the worker shows it and opens `link` on click. */
export interface PushPayload {
  title: string;
  body: string;
  /** In-app path, e.g. /root/notifications. */
  link: string;
  /** Notifications with the same tag replace each other. */
  tag: string;
  /** The notification's buttons (none for most kinds). */
  actions: PushAction[];
  /** The user's unread notifications when it was sent: the app icon's badge. Absent when unknown. */
  unread?: number;
}

/** The link with `name=1` added to its query (before any #fragment). */
function withParam(link: string, name: string): string {
  const hash = link.indexOf('#');
  const path = hash === -1 ? link : link.slice(0, hash);
  const fragment = hash === -1 ? '' : link.slice(hash);
  return `${path}${path.includes('?') ? '&' : '?'}${name}=1${fragment}`;
}

/**
 * The buttons of a notification by kind: a like or a follow offers "Open"; a comment offers
 * "Reply" (the post with the comment field focused); a chat message "Reply" (its thread); a streak
 * reminder "Post now" and "Snooze 1 hour" (the worker posts STREAK_SNOOZE_PATH; its link is where a failed snooze leads).
 * Other kinds have none: tapping the notification opens its link. Their titles are in the
 * recipient's language (`i18n` holds their catalog: core/push-words.ts).
 */
export function pushActions(i18n: I18n, kind: string, link: string): PushAction[] {
  const words = PUSH_ACTION_WORDS;
  switch (kind) {
    case 'poop_liked':
    case 'comment_liked':
    case 'followed':
      return [{ action: 'open', title: i18n._(words.open), link }];
    case 'poop_commented':
      return [
        { action: 'reply', title: i18n._(words.reply), link: link.startsWith('/root/poop/') ? withParam(link, COMMENT_REPLY_PARAM) : link },
      ];
    case 'chat_message':
      return [{ action: 'reply', title: i18n._(words.reply), link }];
    // Streak habits (issue 44): post now (the create screen), or be reminded once more in an hour.
    case 'streak_reminder':
      return [
        { action: 'open', title: i18n._(words.postNow), link },
        { action: 'snooze', title: i18n._(words.snooze), link },
      ];
    default:
      return [];
  }
}

const FALLBACK_LINK = '/root/notifications';
const MAX_ACTIONS = 2;

/** Only this app's own paths: a push never sends the user to another site. */
function appPath(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? safeReturnPath(value) : undefined;
}

function parseActions(value: unknown): PushAction[] {
  if (!Array.isArray(value)) return [];
  const actions: PushAction[] = [];
  for (const item of value.slice(0, MAX_ACTIONS) as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { action, title, link } = item as Record<string, unknown>;
    const path = appPath(link);
    if ((action === 'open' || action === 'reply' || action === 'snooze') && typeof title === 'string' && title !== '' && path) {
      actions.push({ action, title, link: path });
    }
  }
  return actions;
}

/**
 * Reads a push's JSON; anything malformed still shows a visible notification (browsers revoke
 * silent pushes). The server words every push it sends in its recipient's language; a push
 * without words of its own (none of the server's) shows the app's name alone, which reads the
 * same in every language, and opens the notifications.
 */
export function parsePushPayload(text: string | undefined): PushPayload {
  const fallback: PushPayload = { title: 'Plop', body: '', link: FALLBACK_LINK, tag: 'plop', actions: [] };
  if (!text) return fallback;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof PushPayload, unknown>>;
    const str = (v: unknown, d: string) => (typeof v === 'string' && v !== '' ? v : d);
    const unread = value.unread;
    return {
      title: str(value.title, fallback.title),
      body: str(value.body, fallback.body),
      link: appPath(value.link) ?? FALLBACK_LINK,
      tag: str(value.tag, fallback.tag),
      actions: parseActions(value.actions),
      ...(typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? { unread } : {}),
    };
  } catch {
    return { ...fallback, body: text.slice(0, 200) };
  }
}

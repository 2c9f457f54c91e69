import { DATA_EXPORT_LINK_HOURS } from './data-export-api';
/**
 * What a notification can be about (spec section 3, Notification). Extensible: a new kind
 * adds an entry here (its text and where it opens) and the server writes it; the app and the
 * push sender only read `message` and `link`, so they need no change.
 */
export const NOTIFICATION_KINDS = [
  'poop_liked',
  'poop_commented',
  'comment_liked',
  'followed',
  // --- moderation (issue 24): a moderator changed the type or the status of the author's post ---
  'poop_type_changed',
  'poop_approved',
  'poop_denied',
  // --- Premium and chat (issue 25) ---
  'premium_started',
  'premium_ended',
  'chat_message',
  // --- Download my data (issue 43): the user's own archive is ready ---
  'data_export_ready',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Who did it, and on which post (absent for a follow). */
export interface NotificationSubject {
  actorUid: string;
  actorName: string;
  poopId?: string;
  /** Moderation kinds: the post's new type. */
  poopType?: string;
}

interface KindDefinition {
  /** The human text, stored in the row's `message` (push bodies reuse it). */
  message: (subject: NotificationSubject) => string;
  /** The in-app path the entry opens. */
  link: (subject: NotificationSubject) => string;
}

const toPoop = (subject: NotificationSubject) => (subject.poopId ? `/root/poop/${subject.poopId}` : toActor(subject));
const toActor = (subject: NotificationSubject) => `/root/user/${subject.actorUid}`;

export const NOTIFICATION_KIND_DEFINITIONS: Readonly<Record<NotificationKind, KindDefinition>> = {
  poop_liked: { message: (s) => `${s.actorName} liked your post`, link: toPoop },
  poop_commented: { message: (s) => `${s.actorName} commented on your post`, link: toPoop },
  comment_liked: { message: (s) => `${s.actorName} liked your comment`, link: toPoop },
  followed: { message: (s) => `${s.actorName} started following you`, link: toActor },
  // --- moderation (issue 24) ---
  poop_type_changed: { message: (s) => `A moderator changed the type of your post to ${s.poopType ?? 'another type'}`, link: toPoop },
  poop_approved: { message: () => 'A moderator approved your post: it is in the feed now', link: toPoop },
  poop_denied: { message: () => 'A moderator did not approve your post: only you can see it', link: toPoop },
  // --- Premium and chat (issue 25): the premium kinds are about the user themselves (actor = user).
  premium_started: { message: () => 'Your premium is active: chat and the premium badge are yours.', link: () => '/root/premium' },
  premium_ended: { message: () => 'Your premium has ended.', link: () => '/root/premium' },
  chat_message: { message: (s) => `${s.actorName} sent you a message`, link: (s) => `/root/chat?with=${encodeURIComponent(s.actorUid)}` },
  // --- Download my data (issue 43): about the user themselves (actor = user).
  data_export_ready: {
    message: () => `Your data is ready to download for the next ${DATA_EXPORT_LINK_HOURS} hours.`,
    link: () => '/root/account/data',
  },
};

export function notificationMessage(kind: NotificationKind, subject: NotificationSubject): string {
  return NOTIFICATION_KIND_DEFINITIONS[kind].message(subject);
}

export function notificationLink(kind: NotificationKind, subject: NotificationSubject): string {
  return NOTIFICATION_KIND_DEFINITIONS[kind].link(subject);
}

import { DATA_EXPORT_LINK_HOURS } from './constants';
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
  // --- Streak habits (issue 44): the user's own streak is about to end (actor = the user).
  'streak_reminder',
  // --- Leagues and achievements (issue 44) ---
  'achievement_earned',
  'league_won',
  // --- Download my data (issue 43): the user's own archive is ready ---
  'data_export_ready',
  // --- Leagues (issue 64): someone joined a league the user owns ---
  'league_joined',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds the bell never counts: a chat message is counted on the chat button, and reading the
 * conversation clears it (its row is written for its push, and listed among the notifications).
 */
export const KINDS_OUTSIDE_THE_BELL: readonly NotificationKind[] = ['chat_message'];

/** Who did it, and on which post (absent for a follow). */
export interface NotificationSubject {
  actorUid: string;
  actorName: string;
  poopId?: string;
  /** The comment it is about (a comment, a like of a comment): the link opens the post at it. */
  commentId?: string;
  /** Moderation kinds: the post's new type. */
  poopType?: string;
  /** achievement_earned: the achievement's key (core/achievements.ts) and its English title. */
  achievementKey?: string;
  achievementTitle?: string;
  /** league_won, league_joined: the league. */
  leagueId?: string;
  leagueName?: string;
}

/**
 * What a notification's words need beyond its kind, stored in the row's `params` (issue 62: the
 * server stores no sentence; the app and the push worker word it in the reader's language).
 * The actor's name is the one they had when it happened.
 */
export interface NotificationParams {
  actorName?: string;
  poopType?: string;
  /** achievement_earned: the key words it in the reader's language; rows from before keys have the title only. */
  achievementKey?: string;
  achievementTitle?: string;
  leagueName?: string;
  /** streak_reminder: the streak's days, the minutes left, and whether a held freeze would be used. */
  days?: number;
  minutesLeft?: number;
  usesFreeze?: boolean;
  /** data_export_ready: how many hours the download stays. */
  hours?: number;
}

/** The parameters a kind's words use, from who did it and what it is about. */
export function notificationParams(kind: NotificationKind, subject: NotificationSubject): NotificationParams {
  switch (kind) {
    case 'poop_type_changed':
      return { poopType: subject.poopType };
    case 'achievement_earned':
      return { achievementKey: subject.achievementKey, achievementTitle: subject.achievementTitle };
    case 'league_won':
      return { leagueName: subject.leagueName };
    case 'league_joined':
      return { actorName: subject.actorName, leagueName: subject.leagueName };
    case 'data_export_ready':
      return { hours: DATA_EXPORT_LINK_HOURS };
    case 'poop_approved':
    case 'poop_denied':
    case 'premium_started':
    case 'premium_ended':
    case 'streak_reminder':
      return {};
    default:
      return { actorName: subject.actorName };
  }
}

/** A duration in words for the English text: "4 hours", "1 minute". */
function englishTimeLeft(minutesLeft: number): string {
  const minutes = Math.max(1, Math.round(minutesLeft));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

interface KindDefinition {
  /**
   * The English text, for the API's `message` (logs, API users) and the push sent before the
   * worker words it; the app words the kind and its params itself (src/features/notifications).
   */
  message: (params: NotificationParams) => string;
  /** The in-app path the entry opens. */
  link: (subject: NotificationSubject) => string;
}

const toPoop = (subject: NotificationSubject) => (subject.poopId ? `/root/poop/${subject.poopId}` : toActor(subject));
const toActor = (subject: NotificationSubject) => `/root/user/${subject.actorUid}`;
const toComment = (subject: NotificationSubject) =>
  subject.poopId && subject.commentId ? `${toPoop(subject)}#${commentAnchor(subject.commentId)}` : toPoop(subject);

/** The id of a comment's element on its post's page (`/root/poop/{id}#comment-{commentId}` scrolls to it). */
export function commentAnchor(commentId: string): string {
  return `comment-${commentId}`;
}

/** How much of a comment a notification quotes. */
const EXCERPT_MAX_CHARS = 80;

/** The first words of a comment, cut at a word and marked '…' when longer than a notification shows. */
export function firstWords(text: string, max = EXCERPT_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export const NOTIFICATION_KIND_DEFINITIONS: Readonly<Record<NotificationKind, KindDefinition>> = {
  poop_liked: { message: (s) => `${s.actorName ?? 'Someone'} liked your post`, link: toPoop },
  poop_commented: { message: (s) => `${s.actorName ?? 'Someone'} commented on your post`, link: toComment },
  comment_liked: { message: (s) => `${s.actorName ?? 'Someone'} liked your comment`, link: toComment },
  followed: { message: (s) => `${s.actorName ?? 'Someone'} started following you`, link: toActor },
  // --- moderation (issue 24) ---
  poop_type_changed: { message: (s) => `A moderator changed the type of your post to ${s.poopType ?? 'another type'}`, link: toPoop },
  poop_approved: { message: () => 'A moderator approved your post: it is in the feed now', link: toPoop },
  poop_denied: { message: () => 'A moderator did not approve your post: only you can see it', link: toPoop },
  // --- Premium and chat (issue 25): the premium kinds are about the user themselves (actor = user).
  premium_started: { message: () => 'Your premium is active: chat and the premium badge are yours.', link: () => '/root/premium' },
  premium_ended: { message: () => 'Your premium has ended.', link: () => '/root/premium' },
  chat_message: {
    message: (s) => `${s.actorName ?? 'Someone'} sent you a message`,
    link: (s) => `/root/chat?with=${encodeURIComponent(s.actorUid)}`,
  },
  // --- Streak habits (issue 44): the row's message says the days and time left (core/streak-reminder.ts).
  streak_reminder: {
    message: (s) => {
      if (s.days === undefined || s.minutesLeft === undefined) return 'Your streak ends soon';
      const left = englishTimeLeft(s.minutesLeft);
      return s.usesFreeze
        ? `Your ${s.days}-day streak uses a freeze in ${left}. Post to keep it.`
        : `Your ${s.days}-day streak ends in ${left}`;
    },
    link: () => '/root/create',
  },
  // --- Leagues and achievements (issue 44): about the user themselves (actor = user).
  achievement_earned: { message: (s) => `You earned "${s.achievementTitle ?? 'an achievement'}"`, link: (s) => `/root/user/${s.actorUid}` },
  league_won: {
    message: (s) => `You won the week in ${s.leagueName ?? 'your league'}!`,
    link: (s) => (s.leagueId ? `/root/league/${s.leagueId}` : '/root/leagues'),
  },
  // --- Download my data (issue 43): about the user themselves (actor = user).
  data_export_ready: {
    message: (s) => `Your data is ready to download for the next ${s.hours ?? DATA_EXPORT_LINK_HOURS} hours.`,
    link: () => '/root/account/data',
  },
  // --- Leagues (issue 64): to the owner, actor = the member who joined.
  league_joined: {
    message: (s) => `${s.actorName ?? 'Someone'} joined ${s.leagueName ?? 'your league'}`,
    link: (s) => (s.leagueId ? `/root/league/${s.leagueId}` : '/root/leagues'),
  },
};

/** The English text of a kind for a subject (its tests' view of the words). @public */
export function notificationMessage(kind: NotificationKind, subject: NotificationSubject): string {
  return NOTIFICATION_KIND_DEFINITIONS[kind].message(notificationParams(kind, subject));
}

export const isNotificationKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/**
 * A stored notification's English text: the sentence an older row kept (`message`, which the
 * upgrade could not read into params), else its kind's words with its params.
 */
export function notificationEnglish(kind: string, params: NotificationParams, storedMessage: string | null): string {
  if (storedMessage !== null) return storedMessage;
  return isNotificationKind(kind) ? NOTIFICATION_KIND_DEFINITIONS[kind].message(params) : '';
}

export function notificationLink(kind: NotificationKind, subject: NotificationSubject): string {
  return NOTIFICATION_KIND_DEFINITIONS[kind].link(subject);
}

import type { I18n, MessageDescriptor } from '@lingui/core';
import { achievementTitle } from './achievement-words';
import { DATA_EXPORT_LINK_HOURS } from './constants';
import { firstWords, type NotificationParams } from './notification-kinds';

/**
 * What a push says, in the recipient's language (issue 62). The words are Lingui messages with
 * explicit ids (`push.*`), marked `/*i18n*\/` so `npm run i18n:extract` puts them in the same PO
 * catalogs as the app's words (lingui.config.ts includes this file); the server words a push with
 * an `I18n` holding the recipient's catalog (server/services/push-catalogs.ts). No macro here:
 * the server runs this file as it is, without the build's Babel step.
 */

const TITLES: Readonly<Record<string, MessageDescriptor>> = {
  poop_liked: /*i18n*/ { id: 'push.title.poopLiked', message: 'New like' },
  poop_commented: /*i18n*/ { id: 'push.title.poopCommented', message: 'New comment' },
  comment_liked: /*i18n*/ { id: 'push.title.commentLiked', message: 'Your comment was liked' },
  followed: /*i18n*/ { id: 'push.title.followed', message: 'New follower' },
  chat_message: /*i18n*/ { id: 'push.title.chatMessage', message: 'New message' },
  streak_reminder: /*i18n*/ { id: 'push.title.streakReminder', message: 'Keep your streak' },
};

const BODIES = {
  poop_liked: /*i18n*/ { id: 'push.body.poopLiked', message: '{name} liked your post' },
  poop_commented: /*i18n*/ { id: 'push.body.poopCommented', message: '{name} commented on your post' },
  comment_liked: /*i18n*/ { id: 'push.body.commentLiked', message: '{name} liked your comment' },
  followed: /*i18n*/ { id: 'push.body.followed', message: '{name} started following you' },
  chat_message: /*i18n*/ { id: 'push.body.chatMessage', message: '{name} sent you a message' },
  poop_type_changed: /*i18n*/ { id: 'push.body.poopTypeChanged', message: 'A moderator changed the type of your post to {type}' },
  poop_approved: /*i18n*/ { id: 'push.body.poopApproved', message: 'A moderator approved your post: it is in the feed now' },
  poop_denied: /*i18n*/ { id: 'push.body.poopDenied', message: 'A moderator did not approve your post: only you can see it' },
  premium_started: /*i18n*/ { id: 'push.body.premiumStarted', message: 'Your premium is active: chat and the premium badge are yours.' },
  premium_ended: /*i18n*/ { id: 'push.body.premiumEnded', message: 'Your premium has ended.' },
  streak_reminder: /*i18n*/ { id: 'push.body.streakReminder', message: 'Your {days}-day streak ends in {left}' },
  streak_reminder_freeze: /*i18n*/ {
    id: 'push.body.streakReminderFreeze',
    message: 'Your {days}-day streak uses a freeze in {left}. Post to keep it.',
  },
  streak_reminder_soon: /*i18n*/ { id: 'push.body.streakReminderSoon', message: 'Your streak ends soon' },
  achievement_earned: /*i18n*/ { id: 'push.body.achievementEarned', message: 'You earned "{title}"' },
  league_won: /*i18n*/ { id: 'push.body.leagueWon', message: 'You won the week in {league}!' },
  league_joined: /*i18n*/ { id: 'push.body.leagueJoined', message: '{name} joined {league}' },
  data_export_ready: /*i18n*/ {
    id: 'push.body.dataExportReady',
    message:
      '{hours, plural, one {Your data is ready to download for the next hour.} other {Your data is ready to download for the next # hours.}}',
  },
  // A comment's first words after what happened: `Ada commented on your post: “Lovely one”`.
  withExcerpt: /*i18n*/ { id: 'push.body.withExcerpt', message: '{text}: “{excerpt}”' },
  minutesLeft: /*i18n*/ { id: 'push.minutesLeft', message: '{minutes, plural, one {# minute} other {# minutes}}' },
  hoursLeft: /*i18n*/ { id: 'push.hoursLeft', message: '{hours, plural, one {# hour} other {# hours}}' },
  someone: /*i18n*/ { id: 'push.someone', message: 'Someone' },
  anotherType: /*i18n*/ { id: 'push.anotherType', message: 'another type' },
  anAchievement: /*i18n*/ { id: 'push.anAchievement', message: 'an achievement' },
  yourLeague: /*i18n*/ { id: 'push.yourLeague', message: 'your league' },
} satisfies Record<string, MessageDescriptor>;

/** The notification's buttons (core/push-api.ts pushActions). */
export const PUSH_ACTION_WORDS = {
  open: /*i18n*/ { id: 'push.action.open', message: 'Open' },
  reply: /*i18n*/ { id: 'push.action.reply', message: 'Reply' },
  postNow: /*i18n*/ { id: 'push.action.postNow', message: 'Post now' },
  snooze: /*i18n*/ { id: 'push.action.snooze', message: 'Snooze 1 hour' },
} satisfies Record<string, MessageDescriptor>;

const APP_NAME = 'Plop';

/** A message in the catalog `i18n` holds, with its values. */
function say(i18n: I18n, descriptor: MessageDescriptor, values?: MessageDescriptor['values']): string {
  return i18n._(descriptor.id, values, { message: descriptor.message });
}

/** Title of a push by notification kind (core/notification-kinds.ts); other kinds get the app's name. */
export function pushTitle(i18n: I18n, kind: string): string {
  const title = TITLES[kind];
  return title ? say(i18n, title) : APP_NAME;
}

function timeLeft(i18n: I18n, minutesLeft: number): string {
  const minutes = Math.max(1, Math.round(minutesLeft));
  if (minutes < 60) return say(i18n, BODIES.minutesLeft, { minutes });
  return say(i18n, BODIES.hoursLeft, { hours: Math.round(minutes / 60) });
}

/** What happened, from the kind and its params; undefined for a kind this file does not know. */
function happened(i18n: I18n, kind: string, params: NotificationParams): string | undefined {
  const name = params.actorName ?? say(i18n, BODIES.someone);
  const league = params.leagueName ?? say(i18n, BODIES.yourLeague);
  switch (kind) {
    case 'poop_liked':
    case 'poop_commented':
    case 'comment_liked':
    case 'followed':
    case 'chat_message':
      return say(i18n, BODIES[kind], { name });
    case 'poop_type_changed':
      return say(i18n, BODIES.poop_type_changed, { type: params.poopType ?? say(i18n, BODIES.anotherType) });
    case 'poop_approved':
    case 'poop_denied':
    case 'premium_started':
    case 'premium_ended':
      return say(i18n, BODIES[kind]);
    case 'streak_reminder': {
      const { days, minutesLeft, usesFreeze } = params;
      if (days === undefined || minutesLeft === undefined) return say(i18n, BODIES.streak_reminder_soon);
      const left = timeLeft(i18n, minutesLeft);
      return say(i18n, usesFreeze ? BODIES.streak_reminder_freeze : BODIES.streak_reminder, { days, left });
    }
    case 'achievement_earned':
      return say(i18n, BODIES.achievement_earned, { title: achievementTitle(i18n, params) ?? say(i18n, BODIES.anAchievement) });
    case 'league_won':
      return say(i18n, BODIES.league_won, { league });
    case 'league_joined':
      return say(i18n, BODIES.league_joined, { name, league });
    case 'data_export_ready':
      return say(i18n, BODIES.data_export_ready, { hours: params.hours ?? DATA_EXPORT_LINK_HOURS });
    default:
      return undefined;
  }
}

/**
 * What a push says: the notification in the recipient's words, and a comment's first words when
 * it is about one. An older row whose sentence the upgrade could not read (`legacyText`) and a
 * kind this file does not know keep the server's English text.
 */
export function pushBody(
  i18n: I18n,
  notification: { kind: string; params: NotificationParams; english: string; legacyText: boolean; commentText?: string | null },
): string {
  const text = (notification.legacyText ? undefined : happened(i18n, notification.kind, notification.params)) ?? notification.english;
  return notification.commentText ? say(i18n, BODIES.withExcerpt, { text, excerpt: firstWords(notification.commentText) }) : text;
}

import { plural, t } from '@lingui/core/macro';
import type { NotificationParams } from '../../../core/notification-kinds';
import { achievementTitleText } from '../leagues/achievement-words';
import type { AppNotification } from '../../../core/social-api';

/** "4 hours", "1 minute": how long a streak has left, in the reader's language. */
function timeLeftText(minutesLeft: number): string {
  const minutes = Math.max(1, Math.round(minutesLeft));
  if (minutes < 60) return plural(minutes, { one: '# minute', other: '# minutes' });
  const hours = Math.round(minutes / 60);
  return plural(hours, { one: '# hour', other: '# hours' });
}

function streakReminderText({ days, minutesLeft, usesFreeze }: NotificationParams): string {
  if (days === undefined || minutesLeft === undefined) return t`Your streak ends soon`;
  const left = timeLeftText(minutesLeft);
  return usesFreeze ? t`Your ${days}-day streak uses a freeze in ${left}. Post to keep it.` : t`Your ${days}-day streak ends in ${left}`;
}

/**
 * A notification in the reader's language, from its kind and params (issue 62): the server
 * stores no sentence. An older row whose sentence the upgrade could not read is shown as it
 * was written; a kind this app does not know yet shows the server's English.
 */
export function notificationText(item: Pick<AppNotification, 'kind' | 'params' | 'message' | 'legacyText' | 'actor'>): string {
  if (item.legacyText) return item.message;
  const params: NotificationParams = item.params;
  const name = params.actorName ?? item.actor?.username ?? t`Someone`;
  const league = params.leagueName ?? t`your league`;
  switch (item.kind) {
    case 'poop_liked':
      return t`${name} liked your post`;
    case 'poop_commented':
      return t`${name} commented on your post`;
    case 'comment_liked':
      return t`${name} liked your comment`;
    case 'followed':
      return t`${name} started following you`;
    case 'chat_message':
      return t`${name} sent you a message`;
    case 'poop_type_changed': {
      const type = params.poopType ?? t`another type`;
      return t`A moderator changed the type of your post to ${type}`;
    }
    case 'poop_approved':
      return t`A moderator approved your post: it is in the feed now`;
    case 'poop_denied':
      return t`A moderator did not approve your post: only you can see it`;
    case 'premium_started':
      return t`Your premium is active: chat and the premium badge are yours.`;
    case 'premium_ended':
      return t`Your premium has ended.`;
    case 'streak_reminder':
      return streakReminderText(params);
    case 'achievement_earned': {
      const title = achievementTitleText(params) ?? t`an achievement`;
      return t`You earned "${title}"`;
    }
    case 'league_won':
      return t`You won the week in ${league}!`;
    case 'league_joined':
      return t`${name} joined ${league}`;
    case 'data_export_ready': {
      const hours = params.hours ?? 24;
      return plural(hours, {
        one: 'Your data is ready to download for the next hour.',
        other: 'Your data is ready to download for the next # hours.',
      });
    }
    default:
      return item.message;
  }
}

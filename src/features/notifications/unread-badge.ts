import { NOTIFICATION_BADGE_CAP } from '../../../core/constants';

/** The notification badge text: '' (hidden) at 0, the count up to the cap, then '9+'. */
export function unreadBadgeLabel(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(Math.floor(count));
}

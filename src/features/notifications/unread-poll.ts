import { UNREAD_POLL_MAX_MS, UNREAD_POLL_MS } from '../../../core/constants';

/** The wait before the next unread-count poll: the base interval, doubled per consecutive failure, capped. */
export function unreadPollDelay(consecutiveFailures: number): number {
  const failures = Math.max(0, Math.floor(consecutiveFailures));
  return Math.min(UNREAD_POLL_MS * 2 ** Math.min(failures, 16), UNREAD_POLL_MAX_MS);
}

import { DATA_EXPORT_LINK_HOURS, DATA_EXPORT_MIN_INTERVAL_MINUTES } from '../../../core/constants';

// The "Download my data" screen's text (issues 43, 61), in one module to move to Lingui.

export const DATA_EXPORT_TEXT = {
  title: 'Download my data',
  contents: `A ZIP file with everything your account holds: your profile, your posts with their health details, your diary entries, comments, likes, follows, the chat messages you sent, your notifications, and your photos at the largest size Plop keeps. It is prepared in the background: we notify you when it is ready, and the download works for ${DATA_EXPORT_LINK_HOURS} hours, for you only.`,
  prepare: 'Prepare my data',
  prepareAgain: 'Prepare it again',
  offline: 'You are offline. Preparing your data needs a connection.',
  pending: 'Preparing your data. We will notify you when it is ready; you can leave this screen.',
  failed: 'We could not prepare your data. Please try again.',
  download: 'Download ZIP',
  loading: 'Loading',
} as const;

/** "in 1 hour", "in 42 minutes", "in 1 minute" (a part of a minute counts as one). */
function inWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes >= 60) return 'in 1 hour';
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** A new archive asked for within the hour of the last one (429 `export_too_soon`): when it may be asked for again. */
export function exportTooSoonText(lastRequestedAt: Date, now: Date): string {
  const wait = lastRequestedAt.getTime() + DATA_EXPORT_MIN_INTERVAL_MINUTES * 60_000 - now.getTime();
  return `You can prepare a new archive once an hour: try again ${inWords(wait)}.`;
}

/** Its place among the archives waiting to be prepared (2 or more: someone is ahead). */
export function exportQueueText(position: number): string {
  const ahead = position - 1;
  return `${ahead} ${ahead === 1 ? 'archive is' : 'archives are'} ahead of yours.`;
}

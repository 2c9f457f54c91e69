import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { DATA_EXPORT_LINK_HOURS, DATA_EXPORT_MIN_INTERVAL_MINUTES } from '../../../core/constants';

// The "Download my data" screen's text (issues 43, 61, 62).

export const DATA_EXPORT_TEXT = {
  title: msg`Download my data`,
  contents: msg`A ZIP file with everything your account holds: your profile, your posts with their health details, your diary entries, comments, likes, follows, the chat messages you sent, your notifications, and your photos at the largest size Plop keeps. It is prepared in the background: we notify you when it is ready, and the download works for ${DATA_EXPORT_LINK_HOURS} hours, for you only.`,
  prepare: msg`Prepare my data`,
  prepareAgain: msg`Prepare it again`,
  offline: msg`You are offline. Preparing your data needs a connection.`,
  pending: msg`Preparing your data. We will notify you when it is ready; you can leave this screen.`,
  failed: msg`We could not prepare your data. Please try again.`,
  download: msg`Download ZIP`,
  loading: msg`Loading`,
} as const;

/**
 * A new archive asked for within the hour of the last one (429 `export_too_soon`): when it may be
 * asked for again, "in 1 hour", "in 42 minutes", "in 1 minute" (a part of a minute counts as one).
 */
export function exportTooSoonText(lastRequestedAt: Date, now: Date): MessageDescriptor {
  const wait = lastRequestedAt.getTime() + DATA_EXPORT_MIN_INTERVAL_MINUTES * 60_000 - now.getTime();
  const minutes = Math.max(1, Math.ceil(wait / 60_000));
  return minutes >= 60
    ? msg`You can prepare a new archive once an hour: try again in 1 hour.`
    : msg`You can prepare a new archive once an hour: try again ${plural(minutes, { one: 'in # minute', other: 'in # minutes' })}.`;
}

/** Its place among the archives waiting to be prepared (2 or more: someone is ahead). */
export function exportQueueText(position: number): MessageDescriptor {
  const ahead = position - 1;
  return msg`${plural(ahead, { one: '# archive is ahead of yours.', other: '# archives are ahead of yours.' })}`;
}

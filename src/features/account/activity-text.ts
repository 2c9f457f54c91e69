import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ActivityItem } from '../../../core/account-api';

/** The headline of one activity row, e.g. 'You liked “Morning glory”' ('a post' when untitled). */
export function activityHeadline(item: Pick<ActivityItem, 'kind' | 'title'>): MessageDescriptor {
  const { title } = item;
  const untitled = title.trim() === '';
  switch (item.kind) {
    case 'post':
      return untitled ? msg`You posted a post` : msg`You posted “${title}”`;
    case 'like':
      return untitled ? msg`You liked a post` : msg`You liked “${title}”`;
    case 'comment':
      return untitled ? msg`You commented on a post` : msg`You commented on “${title}”`;
  }
}

/** Pages of activity joined in order; an item repeated across pages (a shifted cursor) shows once. */
export function appendActivity(shown: readonly ActivityItem[], page: readonly ActivityItem[]): ActivityItem[] {
  const key = (item: ActivityItem) => `${item.kind}|${item.poopId}|${item.at}|${item.text}`;
  const seen = new Set(shown.map(key));
  return [...shown, ...page.filter((item) => !seen.has(key(item)))];
}

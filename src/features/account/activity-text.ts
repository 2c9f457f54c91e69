import type { ActivityItem } from '../../../core/account-api';

/** The headline of one activity row, e.g. 'You liked “Morning glory”'. */
export function activityHeadline(item: Pick<ActivityItem, 'kind' | 'title'>): string {
  const title = item.title.trim() === '' ? 'a post' : `“${item.title}”`;
  switch (item.kind) {
    case 'post':
      return `You posted ${title}`;
    case 'like':
      return `You liked ${title}`;
    case 'comment':
      return `You commented on ${title}`;
  }
}

/** Pages of activity joined in order; an item repeated across pages (a shifted cursor) shows once. */
export function appendActivity(shown: readonly ActivityItem[], page: readonly ActivityItem[]): ActivityItem[] {
  const key = (item: ActivityItem) => `${item.kind}|${item.poopId}|${item.at}|${item.text}`;
  const seen = new Set(shown.map(key));
  return [...shown, ...page.filter((item) => !seen.has(key(item)))];
}

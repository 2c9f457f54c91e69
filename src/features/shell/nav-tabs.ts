import { msg } from '@lingui/core/macro';

/** The bottom navigation's tabs, in display order; each label is read in the person's language. */
export const NAV_TABS = [
  { label: msg`Home`, to: '/root' },
  { label: msg`Map`, to: '/root/map' },
  { label: msg`Create`, to: '/root/create' },
  { label: msg`Find`, to: '/root/find' },
  { label: msg`Account`, to: '/root/account' },
] as const;

export type NavTarget = (typeof NAV_TABS)[number]['to'];

/** Follower and following lists live under /root/account, whoever's they are. */
const FOLLOW_LIST = /^\/root\/account\/(?:followers|followings)\/([^/]+)$/;
/** A user page; your own (Account's "My posts") belongs to Account. */
const USER_PAGE = /^\/root\/user\/([^/]+)$/;
/** A post, opened from the feed. */
const POST_PAGE = /^\/root\/poop\/[^/]+$/;

/**
 * The tab a /root path belongs to, or false for none (issue 64: Chat lit Home). Home is the feed
 * and what it opens: a post, someone's page and their follow lists. The diary-only entry is
 * Create's. Map, Create, Find and Account cover their own paths and what is under them; your own
 * user page and follow lists are your Account's. The places Home's top bar opens (Chat,
 * Leaderboard and leagues, Notifications, Premium) are no tab's: none is lit there.
 */
export function activeTab(pathname: string, ownUid?: string | null): NavTarget | false {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const list = FOLLOW_LIST.exec(path);
  if (list) return ownUid && decodeURIComponent(list[1] ?? '') === ownUid ? '/root/account' : '/root';
  const user = USER_PAGE.exec(path);
  if (user) return ownUid && decodeURIComponent(user[1] ?? '') === ownUid ? '/root/account' : '/root';
  if (path === '/root' || POST_PAGE.test(path)) return '/root';
  if (path === '/root/diary') return '/root/create';
  for (const { to } of NAV_TABS) {
    if (to !== '/root' && (path === to || path.startsWith(`${to}/`))) return to;
  }
  return false;
}

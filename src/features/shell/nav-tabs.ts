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

/**
 * The tab a /root path belongs to (the longest matching prefix), or false for none. Another
 * user's follower or following list is part of their user page (under Home), not your Account;
 * your own user page is your Account's.
 */
export function activeTab(pathname: string, ownUid?: string | null): NavTarget | false {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const list = FOLLOW_LIST.exec(path);
  if (list && decodeURIComponent(list[1] ?? '') !== ownUid) return '/root';
  const user = USER_PAGE.exec(path);
  if (user && ownUid && decodeURIComponent(user[1] ?? '') === ownUid) return '/root/account';
  let best: NavTarget | false = false;
  for (const { to } of NAV_TABS) {
    const matches = path === to || path.startsWith(`${to}/`);
    if (matches && (best === false || to.length > best.length)) best = to;
  }
  return best;
}

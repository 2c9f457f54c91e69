/** The bottom navigation's tabs, in display order. */
export const NAV_TABS = [
  { label: 'Home', to: '/root' },
  { label: 'Map', to: '/root/map' },
  { label: 'Create', to: '/root/create' },
  { label: 'Find', to: '/root/find' },
  { label: 'Account', to: '/root/account' },
] as const;

export type NavTarget = (typeof NAV_TABS)[number]['to'];

/** The tab a /root path belongs to (the longest matching prefix), or false for none. */
export function activeTab(pathname: string): NavTarget | false {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: NavTarget | false = false;
  for (const { to } of NAV_TABS) {
    const matches = path === to || path.startsWith(`${to}/`);
    if (matches && (best === false || to.length > best.length)) best = to;
  }
  return best;
}

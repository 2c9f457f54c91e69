import { describe, expect, it } from 'vitest';
import { activeTab } from './nav-tabs';

describe('activeTab', () => {
  it.each([
    ['/root', '/root'],
    ['/root/', '/root'],
    ['/root/map', '/root/map'],
    ['/root/create', '/root/create'],
    ['/root/find', '/root/find'],
    ['/root/account', '/root/account'],
    ['/root/account/edit', '/root/account'],
    ['/root/account/admin/new/type', '/root/account'],
    ['/root/leaderboard', '/root'],
    ['/root/mapping', '/root'],
  ])('%s -> %s', (pathname, tab) => {
    expect(activeTab(pathname)).toBe(tab);
  });

  it('is false outside /root', () => {
    expect(activeTab('/')).toBe(false);
    expect(activeTab('/rooted')).toBe(false);
  });
});

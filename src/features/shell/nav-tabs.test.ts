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

  it("lights Account on your own follow lists only; another user's belong to Home, as their page does", () => {
    expect(activeTab('/root/account/followers/me', 'me')).toBe('/root/account');
    expect(activeTab('/root/account/followings/me', 'me')).toBe('/root/account');
    expect(activeTab('/root/account/followers/someone', 'me')).toBe('/root');
    expect(activeTab('/root/account/followings/someone', null)).toBe('/root');
  });

  it('lights Account on your own user page (Account\'s "My posts"), Home on anyone else\'s', () => {
    expect(activeTab('/root/user/me', 'me')).toBe('/root/account');
    expect(activeTab('/root/user/someone', 'me')).toBe('/root');
    expect(activeTab('/root/user/me', null)).toBe('/root');
  });

  it('is false outside /root', () => {
    expect(activeTab('/')).toBe(false);
    expect(activeTab('/rooted')).toBe(false);
  });
});

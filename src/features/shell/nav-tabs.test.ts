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
    ['/root/account/activity', '/root/account'],
    ['/root/account/help', '/root/account'],
    ['/root/poop/5f0c7a52-8d1e-4a57-9c3b-1f2e3d4c5b6a', '/root'],
    ['/root/diary', '/root/create'],
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

  it.each([
    '/root/chat',
    '/root/leaderboard',
    '/root/leagues',
    '/root/league/abc',
    '/root/league/join/CODE',
    '/root/notifications',
    '/root/premium',
    '/root/premium-confirmation',
    '/root/mapping',
  ])("lights no tab on %s (what Home's top bar opens is no tab's)", (pathname) => {
    expect(activeTab(pathname, 'me')).toBe(false);
  });

  it('is false outside /root', () => {
    expect(activeTab('/')).toBe(false);
    expect(activeTab('/rooted')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parsePushPayload, pushTitle } from './push-api';

describe('parsePushPayload', () => {
  it('reads a full payload', () => {
    const text = JSON.stringify({ title: 'New like', body: 'Ada liked your poop', link: '/root/poops/1', tag: 't' });
    expect(parsePushPayload(text)).toEqual({ title: 'New like', body: 'Ada liked your poop', link: '/root/poops/1', tag: 't' });
  });

  it('always yields something visible, and never a link off the app', () => {
    expect(parsePushPayload(undefined).title).toBe('Plop');
    expect(parsePushPayload('plain text').body).toBe('plain text');
    expect(parsePushPayload(JSON.stringify({ link: 'https://evil.example' })).link).toBe('/root/notifications');
    expect(parsePushPayload(JSON.stringify({ link: '//evil.example' })).link).toBe('/root/notifications');
  });

  it('titles by kind', () => {
    expect(pushTitle('follow')).toBe('New follower');
    expect(pushTitle('something-new')).toBe('Plop');
  });
});

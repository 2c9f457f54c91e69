import { describe, expect, it } from 'vitest';
import { parsePushPayload, pushActions, pushBody, pushTitle } from './push-api';

describe('parsePushPayload', () => {
  it('reads a full payload', () => {
    const text = JSON.stringify({
      title: 'New comment',
      body: 'Ada commented on your post',
      link: '/root/poop/1',
      tag: 't',
      actions: [{ action: 'reply', title: 'Reply', link: '/root/poop/1?reply=1' }],
      unread: 3,
    });
    expect(parsePushPayload(text)).toEqual({
      title: 'New comment',
      body: 'Ada commented on your post',
      link: '/root/poop/1',
      tag: 't',
      actions: [{ action: 'reply', title: 'Reply', link: '/root/poop/1?reply=1' }],
      unread: 3,
    });
  });

  it('always yields something visible, and never a link off the app', () => {
    expect(parsePushPayload(undefined).title).toBe('Plop');
    expect(parsePushPayload('plain text').body).toBe('plain text');
    expect(parsePushPayload('null').title).toBe('Plop');
    expect(parsePushPayload(JSON.stringify({ link: 'https://evil.example' })).link).toBe('/root/notifications');
    expect(parsePushPayload(JSON.stringify({ link: '//evil.example' })).link).toBe('/root/notifications');
    expect(parsePushPayload(JSON.stringify({ link: '/\\evil.example' })).link).toBe('/root/notifications');
  });

  it('keeps only well-formed actions on app paths, two at most, and a whole unread count', () => {
    const payload = parsePushPayload(
      JSON.stringify({
        actions: [
          { action: 'open', title: 'Open', link: 'https://evil.example' },
          { action: 'delete', title: 'Delete', link: '/root' },
          { action: 'open', title: 'Open', link: '/root/user/u1' },
          'reply',
          { action: 'reply', title: 'Reply', link: '/root/chat?with=u1' },
        ],
        unread: -1,
      }),
    );
    expect(payload.actions).toEqual([]);
    expect(payload).not.toHaveProperty('unread');
    const kept = parsePushPayload(JSON.stringify({ actions: [{ action: 'open', title: 'Open', link: '/root/user/u1' }], unread: 0 }));
    expect(kept.actions).toEqual([{ action: 'open', title: 'Open', link: '/root/user/u1' }]);
    expect(kept.unread).toBe(0);
    expect(parsePushPayload(JSON.stringify({ unread: 2.5 }))).not.toHaveProperty('unread');
  });
});

describe('pushTitle', () => {
  it('titles by notification kind', () => {
    expect(pushTitle('poop_liked')).toBe('New like');
    expect(pushTitle('followed')).toBe('New follower');
    expect(pushTitle('chat_message')).toBe('New message');
    expect(pushTitle('something-new')).toBe('Plop');
  });
});

describe('pushActions', () => {
  it('offers Open on likes and follows, Reply on comments (comment field) and chat messages (the thread)', () => {
    expect(pushActions('poop_liked', '/root/poop/p1')).toEqual([{ action: 'open', title: 'Open', link: '/root/poop/p1' }]);
    expect(pushActions('comment_liked', '/root/poop/p1')).toEqual([{ action: 'open', title: 'Open', link: '/root/poop/p1' }]);
    expect(pushActions('followed', '/root/user/u1')).toEqual([{ action: 'open', title: 'Open', link: '/root/user/u1' }]);
    expect(pushActions('poop_commented', '/root/poop/p1')).toEqual([{ action: 'reply', title: 'Reply', link: '/root/poop/p1?reply=1' }]);
    expect(pushActions('chat_message', '/root/chat?with=u1')).toEqual([{ action: 'reply', title: 'Reply', link: '/root/chat?with=u1' }]);
    expect(pushActions('premium_ended', '/root/premium')).toEqual([]);
  });

  it('a streak reminder offers Post now (the create screen) and Snooze 1 hour, which survives parsing', () => {
    const actions = pushActions('streak_reminder', '/root/create');
    expect(actions).toEqual([
      { action: 'open', title: 'Post now', link: '/root/create' },
      { action: 'snooze', title: 'Snooze 1 hour', link: '/root/create' },
    ]);
    expect(
      parsePushPayload(JSON.stringify({ title: 'Keep your streak', body: 'b', link: '/root/create', tag: 't', actions })).actions,
    ).toEqual(actions);
    expect(pushTitle('streak_reminder')).toBe('Keep your streak');
  });
});

describe('a push about a comment', () => {
  it("says the comment's first words, and Reply keeps the link's place at the comment", () => {
    expect(pushBody('Ada commented on your post', 'Lovely one')).toBe('Ada commented on your post: “Lovely one”');
    expect(pushBody('Ada liked your post', null)).toBe('Ada liked your post');
    expect(pushActions('poop_commented', '/root/poop/p1#comment-c1')).toEqual([
      { action: 'reply', title: 'Reply', link: '/root/poop/p1?reply=1#comment-c1' },
    ]);
  });
});

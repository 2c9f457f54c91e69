import { describe, expect, it } from 'vitest';
import { parsePushPayload, pushActions } from './push-api';
import { pushBody, pushTitle } from './push-words';
import { englishI18n } from './test/english-i18n';

const en = englishI18n();

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
    // No words of the server's: the app's name alone, the same in every language.
    expect(parsePushPayload(undefined)).toMatchObject({ title: 'Plop', body: '', link: '/root/notifications' });
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
    expect(pushTitle(en, 'poop_liked')).toBe('New like');
    expect(pushTitle(en, 'followed')).toBe('New follower');
    expect(pushTitle(en, 'chat_message')).toBe('New message');
    expect(pushTitle(en, 'something-new')).toBe('Plop');
  });
});

describe('pushActions', () => {
  it('offers Open on likes and follows, Reply on comments (comment field) and chat messages (the thread)', () => {
    expect(pushActions(en, 'poop_liked', '/root/poop/p1')).toEqual([{ action: 'open', title: 'Open', link: '/root/poop/p1' }]);
    expect(pushActions(en, 'comment_liked', '/root/poop/p1')).toEqual([{ action: 'open', title: 'Open', link: '/root/poop/p1' }]);
    expect(pushActions(en, 'followed', '/root/user/u1')).toEqual([{ action: 'open', title: 'Open', link: '/root/user/u1' }]);
    expect(pushActions(en, 'poop_commented', '/root/poop/p1')).toEqual([
      { action: 'reply', title: 'Reply', link: '/root/poop/p1?reply=1' },
    ]);
    expect(pushActions(en, 'chat_message', '/root/chat?with=u1')).toEqual([
      { action: 'reply', title: 'Reply', link: '/root/chat?with=u1' },
    ]);
    expect(pushActions(en, 'premium_ended', '/root/premium')).toEqual([]);
  });

  it('a streak reminder offers Post now (the create screen) and Snooze 1 hour, which survives parsing', () => {
    const actions = pushActions(en, 'streak_reminder', '/root/create');
    expect(actions).toEqual([
      { action: 'open', title: 'Post now', link: '/root/create' },
      { action: 'snooze', title: 'Snooze 1 hour', link: '/root/create' },
    ]);
    expect(
      parsePushPayload(JSON.stringify({ title: 'Keep your streak', body: 'b', link: '/root/create', tag: 't', actions })).actions,
    ).toEqual(actions);
    expect(pushTitle(en, 'streak_reminder')).toBe('Keep your streak');
  });
});

describe('a push about a comment', () => {
  it("says the comment's first words, and Reply keeps the link's place at the comment", () => {
    const about = (kind: string, commentText: string | null) =>
      pushBody(en, { kind, params: { actorName: 'Ada' }, english: 'unused', legacyText: false, commentText });
    expect(about('poop_commented', 'Lovely one')).toBe('Ada commented on your post: “Lovely one”');
    expect(about('poop_liked', null)).toBe('Ada liked your post');
    expect(pushActions(en, 'poop_commented', '/root/poop/p1#comment-c1')).toEqual([
      { action: 'reply', title: 'Reply', link: '/root/poop/p1?reply=1#comment-c1' },
    ]);
  });
});

describe('pushBody', () => {
  const body = (kind: string, params: object, english = 'the English', legacyText = false) =>
    pushBody(en, { kind, params, english, legacyText, commentText: null });

  it('words each kind from its params, with plurals for the time left', () => {
    expect(body('streak_reminder', { days: 5, minutesLeft: 1 })).toBe('Your 5-day streak ends in 1 minute');
    expect(body('streak_reminder', { days: 5, minutesLeft: 240, usesFreeze: true })).toBe(
      'Your 5-day streak uses a freeze in 4 hours. Post to keep it.',
    );
    expect(body('streak_reminder', {})).toBe('Your streak ends soon');
    expect(body('data_export_ready', { hours: 1 })).toBe('Your data is ready to download for the next hour.');
    expect(body('league_joined', {})).toBe('Someone joined your league');
    expect(body('achievement_earned', { achievementKey: 'streak_7', achievementTitle: '7-day streak' })).toBe('You earned "7-day streak"');
  });

  it("keeps an older row's sentence, and the server's English for a kind it does not know", () => {
    expect(body('poop_liked', {}, 'Ada liked your post long ago', true)).toBe('Ada liked your post long ago');
    expect(body('something-new', {}, 'Something new happened')).toBe('Something new happened');
  });
});

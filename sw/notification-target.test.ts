import { describe, expect, it } from 'vitest';
import { parsePushPayload, pushActions } from '../core/push-api';
import { englishI18n } from '../core/test/english-i18n';
import { notificationData, notificationTarget } from './notification-target';

function shown(kind: string, link: string) {
  return notificationData(
    parsePushPayload(JSON.stringify({ title: 't', body: 'b', link, tag: 'x', actions: pushActions(englishI18n(), kind, link) })),
  );
}

describe('notificationTarget', () => {
  it("a comment's Reply opens the post with the comment field; the notification itself opens the post", () => {
    const data = shown('poop_commented', '/root/poop/p1');
    expect(notificationTarget(data, 'reply')).toBe('/root/poop/p1?reply=1');
    expect(notificationTarget(data, '')).toBe('/root/poop/p1');
  });

  it("a chat message's Reply opens the thread; a follow's Open the person", () => {
    expect(notificationTarget(shown('chat_message', '/root/chat?with=u1'), 'reply')).toBe('/root/chat?with=u1');
    expect(notificationTarget(shown('followed', '/root/user/u1'), 'open')).toBe('/root/user/u1');
  });

  it('falls back to the link, then to the notifications, and never leaves the app', () => {
    expect(notificationTarget(shown('poop_liked', '/root/poop/p1'), 'reply')).toBe('/root/poop/p1');
    expect(notificationTarget({ link: '/root/poop/p1' }, 'open')).toBe('/root/poop/p1');
    expect(notificationTarget(null, '')).toBe('/root/notifications');
    expect(notificationTarget({ link: 'https://evil.example', actions: { open: '//evil.example' } }, 'open')).toBe('/root/notifications');
  });
});

import { describe, expect, it } from 'vitest';
import { firstWords, NOTIFICATION_KINDS, notificationLink, notificationMessage } from './notification-kinds';

const subject = { actorUid: 'u-alice', actorName: 'alice', poopId: 'p1' };

describe('notification kinds', () => {
  it('lists the four social events, the three moderation ones, premium and chat, the streak, leagues and achievements, and the data export', () => {
    expect(NOTIFICATION_KINDS).toEqual([
      'poop_liked',
      'poop_commented',
      'comment_liked',
      'followed',
      'poop_type_changed',
      'poop_approved',
      'poop_denied',
      'premium_started',
      'premium_ended',
      'chat_message',
      'streak_reminder',
      'achievement_earned',
      'league_won',
      'data_export_ready',
      'league_joined',
    ]);
  });

  it('tells the user their data is ready, and opens the screen that downloads it', () => {
    const self = { actorUid: 'u1', actorName: '' };
    expect(notificationMessage('data_export_ready', self)).toBe('Your data is ready to download for the next 24 hours.');
    expect(notificationLink('data_export_ready', self)).toBe('/root/account/data');
  });

  it('says who did what', () => {
    expect(notificationMessage('poop_liked', subject)).toBe('alice liked your post');
    expect(notificationMessage('poop_commented', subject)).toBe('alice commented on your post');
    expect(notificationMessage('comment_liked', subject)).toBe('alice liked your comment');
    expect(notificationMessage('followed', subject)).toBe('alice started following you');
  });

  it('opens the post, or the person for a follow', () => {
    expect(notificationLink('poop_liked', subject)).toBe('/root/poop/p1');
    expect(notificationLink('comment_liked', subject)).toBe('/root/poop/p1');
    expect(notificationLink('followed', subject)).toBe('/root/user/u-alice');
    expect(notificationLink('poop_liked', { actorUid: 'u-alice', actorName: 'alice' })).toBe('/root/user/u-alice');
    expect(notificationLink('chat_message', subject)).toBe('/root/chat?with=u-alice');
    expect(notificationLink('premium_started', subject)).toBe('/root/premium');
  });

  it('tells the author what a moderator did to their post', () => {
    expect(notificationMessage('poop_type_changed', { ...subject, poopType: 'Type 5' })).toBe(
      'A moderator changed the type of your post to Type 5',
    );
    expect(notificationLink('poop_type_changed', subject)).toBe('/root/poop/p1');
    expect(notificationMessage('poop_approved', subject)).toContain('approved');
    expect(notificationMessage('poop_denied', subject)).toContain('did not approve');
  });
});

describe("a comment's notification", () => {
  it('opens the post at the comment', () => {
    const subject = { actorUid: 'u1', actorName: 'ada', poopId: 'p1', commentId: 'c1' };
    expect(notificationLink('poop_commented', subject)).toBe('/root/poop/p1#comment-c1');
    expect(notificationLink('comment_liked', subject)).toBe('/root/poop/p1#comment-c1');
    expect(notificationLink('poop_liked', subject)).toBe('/root/poop/p1');
  });

  it('quotes the first words, cut at a word', () => {
    expect(firstWords('  short\n and sweet ')).toBe('short and sweet');
    expect(firstWords('one two three four five', 12)).toBe('one two…');
  });
});

describe('league and achievement notifications', () => {
  it('names the achievement and opens the profile', () => {
    const self = { actorUid: 'u-bob', actorName: 'bob', achievementTitle: '7-day streak' };
    expect(notificationMessage('achievement_earned', self)).toBe('You earned "7-day streak"');
    expect(notificationLink('achievement_earned', self)).toBe('/root/user/u-bob');
  });

  it('names the league won and opens it', () => {
    const self = { actorUid: 'u-bob', actorName: 'bob', leagueId: 'l1', leagueName: 'Office' };
    expect(notificationMessage('league_won', self)).toBe('You won the week in Office!');
    expect(notificationLink('league_won', self)).toBe('/root/league/l1');
    const joined = { actorUid: 'u-alice', actorName: 'alice', leagueId: 'l1', leagueName: 'Office' };
    expect(notificationMessage('league_joined', joined)).toBe('alice joined Office');
    expect(notificationLink('league_joined', joined)).toBe('/root/league/l1');
  });
});

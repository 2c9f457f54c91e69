import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../core/account-api';
import { activateLocale } from '../../i18n/i18n';
import { activityHeadline, appendActivity } from './activity-text';

const item = (over: Partial<ActivityItem>): ActivityItem => ({
  kind: 'post',
  at: '2026-01-02T03:04:05.000Z',
  poopId: 'p1',
  title: 'Morning glory',
  text: '',
  ...over,
});

describe('activityHeadline', () => {
  beforeAll(() => activateLocale('en'));
  const headline = (over: Partial<ActivityItem>) => i18n._(activityHeadline(item(over)));

  it('words each kind', () => {
    expect(headline({ kind: 'post' })).toBe('You posted “Morning glory”');
    expect(headline({ kind: 'like' })).toBe('You liked “Morning glory”');
    expect(headline({ kind: 'comment' })).toBe('You commented on “Morning glory”');
  });

  it('says "a post" for an untitled one', () => {
    expect(headline({ kind: 'like', title: '  ' })).toBe('You liked a post');
  });
});

describe('appendActivity', () => {
  it('keeps the order and drops repeats', () => {
    const a = item({ poopId: 'a' });
    const b = item({ poopId: 'b', kind: 'like' });
    const c = item({ poopId: 'c', kind: 'comment', text: 'Nice' });
    expect(appendActivity([a, b], [b, c])).toEqual([a, b, c]);
  });
});

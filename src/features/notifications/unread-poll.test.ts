import { describe, expect, it } from 'vitest';
import { UNREAD_POLL_MAX_MS, UNREAD_POLL_MS } from '../../../core/constants';
import { unreadPollDelay } from './unread-poll';

describe('unreadPollDelay', () => {
  it('polls at the base interval while all is well', () => {
    expect(unreadPollDelay(0)).toBe(UNREAD_POLL_MS);
  });

  it('doubles per consecutive failure and stops growing at the cap', () => {
    expect(unreadPollDelay(1)).toBe(UNREAD_POLL_MS * 2);
    expect(unreadPollDelay(2)).toBe(UNREAD_POLL_MS * 4);
    expect(unreadPollDelay(50)).toBe(UNREAD_POLL_MAX_MS);
  });
});

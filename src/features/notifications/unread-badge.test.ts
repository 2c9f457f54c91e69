import { describe, expect, it } from 'vitest';
import { unreadBadgeLabel } from './unread-badge';

describe('unreadBadgeLabel', () => {
  it('is empty (hidden) at 0', () => {
    expect(unreadBadgeLabel(0)).toBe('');
  });

  it('shows the count up to 9', () => {
    expect(unreadBadgeLabel(1)).toBe('1');
    expect(unreadBadgeLabel(9)).toBe('9');
  });

  it("reads '9+' above 9", () => {
    expect(unreadBadgeLabel(10)).toBe('9+');
    expect(unreadBadgeLabel(1234)).toBe('9+');
  });

  it.each([-1, Number.NaN])('is empty for %s', (count) => {
    expect(unreadBadgeLabel(count)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { isAppToSwMessage, SKIP_WAITING_MESSAGE } from './sw-messages';

describe('isAppToSwMessage', () => {
  it('accepts the skip-waiting message', () => {
    expect(isAppToSwMessage(SKIP_WAITING_MESSAGE)).toBe(true);
    expect(isAppToSwMessage({ type: 'SKIP_WAITING' })).toBe(true);
  });

  it.each([null, undefined, 'SKIP_WAITING', 42, {}, { type: 'OTHER' }, { type: 1 }])('rejects %j', (data) => {
    expect(isAppToSwMessage(data)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { decodeUidCursor, encodeUidCursor } from './uid-cursor';

describe('uid cursors', () => {
  it('round-trip a time and a uid', () => {
    const cursor = encodeUidCursor({ at: new Date('2026-03-01T10:00:00.123Z'), uid: 'AbC_9-x' });
    expect(cursor).toBeDefined();
    expect(decodeUidCursor(cursor!)).toEqual({ at: Date.parse('2026-03-01T10:00:00.123Z'), uid: 'AbC_9-x' });
  });

  it('refuse what they did not make', () => {
    expect(decodeUidCursor('bad')).toBeUndefined();
    expect(decodeUidCursor('zz.a b')).toBeUndefined();
    expect(encodeUidCursor({ at: 1, uid: 'has space' })).toBeUndefined();
  });
});

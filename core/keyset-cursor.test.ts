import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './keyset-cursor';

const id = '0b9e3c1a-5d2f-4e8a-9c7b-1a2b3c4d5e6f';

describe('keyset cursor', () => {
  it('round-trips a time and an id', () => {
    const at = new Date('2026-11-22T13:15:00.123Z');
    const cursor = encodeCursor({ at, id });
    expect(decodeCursor(cursor)).toEqual({ at: at.getTime(), id });
  });

  it('lowercases the id and is URL-safe', () => {
    const cursor = encodeCursor({ at: 1, id: id.toUpperCase() });
    expect(cursor).toMatch(/^[0-9a-z.]+$/);
    expect(decodeCursor(cursor)?.id).toBe(id);
  });

  it('handles the epoch', () => {
    expect(decodeCursor(encodeCursor({ at: 0, id }))).toEqual({ at: 0, id });
  });

  it.each([
    '',
    'abc',
    '1.2',
    `zzzzzzzzzzzz.${'a'.repeat(32)}`,
    `1.${'g'.repeat(32)}`,
    `1.${'a'.repeat(31)}`,
    `-1.${'a'.repeat(32)}`,
    `1.${'a'.repeat(32)}x`,
  ])('rejects %j', (cursor) => {
    expect(decodeCursor(cursor)).toBeUndefined();
  });

  it('carries a one-letter tag before the id', () => {
    const cursor = encodeCursor({ at: 42, id, tag: 'p' });
    expect(decodeCursor(cursor)).toEqual({ at: 42, id, tag: 'p' });
    expect(decodeCursor(`${(42).toString(36)}.pp${id.replace(/-/g, '')}`)).toBeUndefined();
    expect(() => encodeCursor({ at: 42, id, tag: 'P' })).toThrow(RangeError);
    expect(() => encodeCursor({ at: 42, id, tag: 'pl' })).toThrow(RangeError);
  });

  it('refuses to encode what it could not decode', () => {
    expect(() => encodeCursor({ at: -1, id })).toThrow(RangeError);
    expect(() => encodeCursor({ at: 1.5, id })).toThrow(RangeError);
    expect(() => encodeCursor({ at: 1, id: 'not-a-uuid' })).toThrow(RangeError);
  });
});

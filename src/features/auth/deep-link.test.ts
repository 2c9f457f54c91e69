import { describe, expect, it } from 'vitest';
import { deepLinkUrl, readIdToken } from './deep-link';

describe('deepLinkUrl', () => {
  it('appends the encoded token', () => {
    expect(deepLinkUrl('plop://oauth', 'a.b+c/d=')).toBe('plop://oauth?id_token=a.b%2Bc%2Fd%3D');
  });
});

describe('readIdToken', () => {
  it('reads a string token', () => {
    expect(readIdToken({ id_token: 'abc' })).toBe('abc');
  });

  it.each([{}, { id_token: '' }, { id_token: 42 }, { id_token: ['a'] }])('is undefined for %j', (search) => {
    expect(readIdToken(search)).toBeUndefined();
  });
});

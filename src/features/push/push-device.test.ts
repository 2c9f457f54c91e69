import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './push-device';

describe('base64UrlToBytes', () => {
  it('decodes an unpadded base64url VAPID key', () => {
    // 0xfb 0xff 0xfe is '-__-' in base64url ('+//+' in base64).
    expect(Array.from(base64UrlToBytes('-__-'))).toEqual([0xfb, 0xff, 0xfe]);
    expect(Array.from(base64UrlToBytes('AQ'))).toEqual([1]);
    expect(base64UrlToBytes('B' + 'A'.repeat(86)).length).toBe(65);
  });
});

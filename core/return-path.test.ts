import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this app, with its query and fragment', () => {
    expect(safeReturnPath('/root/poop/123e4567-e89b-12d3-a456-426614174000')).toBe('/root/poop/123e4567-e89b-12d3-a456-426614174000');
    expect(safeReturnPath('/root/find?q=otter#top')).toBe('/root/find?q=otter#top');
  });

  it.each([
    ['another site', 'https://evil.example/root'],
    ['a protocol-relative address', '//evil.example/root'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'root/poop/1'],
    ['the landing itself', '/'],
    ['not a string', ['/root']],
    ['nothing', undefined],
  ])('ignores %s', (_why, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });
});

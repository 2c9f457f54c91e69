import { describe, expect, it } from 'vitest';
import { typoVariants } from './username-typos';

describe('typoVariants', () => {
  it('undoes a swap of two neighbouring letters', () => {
    expect(typoVariants('brvae')).toContain('brave');
  });

  it('drops one letter too many', () => {
    expect(typoVariants('otterr')).toContain('otter');
  });

  it('never offers the term itself, nor anything shorter than four letters', () => {
    expect(typoVariants('otter')).not.toContain('otter');
    expect(typoVariants('otter').every((v) => v.length >= 4)).toBe(true);
    expect(typoVariants('abc')).toEqual([]);
    // 'brave' (five letters) gives four-letter deletions; four letters give only swaps.
    expect(typoVariants('bear').every((v) => v.length === 4)).toBe(true);
  });

  it('leaves long terms to trigram similarity', () => {
    expect(typoVariants('a'.repeat(13))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { avatarInitial } from './account-format';

describe('avatarInitial', () => {
  it('is the first character, upper-cased', () => {
    expect(avatarInitial('sunnyOtter12')).toBe('S');
    expect(avatarInitial('  _dot')).toBe('_');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(avatarInitial('😀x')).toBe('😀');
  });

  it('is a question mark for an empty name', () => {
    expect(avatarInitial('   ')).toBe('?');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { POOP_DESCRIPTION_MAX_LENGTH, POOP_PLACE_NAME_MAX_LENGTH, POOP_TITLE_MAX_LENGTH } from '../../../core/constants';
import { POOP_MESSAGES } from '../../../core/messages';
import { clampPlaceName, lengthCounter, textLength, validatePostDraft, type PostDraft } from './post-form';
import { activateLocale } from '../../i18n/i18n';

// The texts are the catalogs' English.
beforeAll(() => activateLocale('en'));

const valid: PostDraft = { hasPhoto: true, type: 'Type 4', title: 'Morning', description: '' };

describe('validatePostDraft', () => {
  it('accepts a photo with a type; title and description may be empty', () => {
    expect(validatePostDraft(valid)).toEqual({});
    expect(validatePostDraft({ ...valid, title: '' })).toEqual({});
  });

  it('asks for the photo and the type', () => {
    expect(validatePostDraft({ ...valid, hasPhoto: false, type: null })).toEqual({
      photo: POOP_MESSAGES.photoMissing,
      type: POOP_MESSAGES.typeInvalid,
    });
  });

  it('allows exactly the limit and refuses one more', () => {
    expect(validatePostDraft({ ...valid, title: 'a'.repeat(POOP_TITLE_MAX_LENGTH) })).toEqual({});
    expect(validatePostDraft({ ...valid, title: 'a'.repeat(POOP_TITLE_MAX_LENGTH + 1) })).toEqual({ title: POOP_MESSAGES.titleTooLong });
    expect(validatePostDraft({ ...valid, description: 'b'.repeat(POOP_DESCRIPTION_MAX_LENGTH) })).toEqual({});
    expect(validatePostDraft({ ...valid, description: 'b'.repeat(POOP_DESCRIPTION_MAX_LENGTH + 1) })).toEqual({
      description: POOP_MESSAGES.descriptionTooLong,
    });
  });

  it('counts what is sent: trimmed, an emoji as one character', () => {
    expect(validatePostDraft({ ...valid, title: `  ${'💩'.repeat(POOP_TITLE_MAX_LENGTH)}  ` })).toEqual({});
  });
});

describe('lengthCounter', () => {
  it('shows used/max in characters', () => {
    expect(lengthCounter('', 100)).toBe('0/100');
    expect(lengthCounter('💩 ok', 100)).toBe('4/100');
    expect(textLength('💩')).toBe(1);
  });
});

describe('clampPlaceName', () => {
  it('keeps a short name, trimmed', () => {
    expect(clampPlaceName('  Central Park, New York ')).toBe('Central Park, New York');
    expect(clampPlaceName('')).toBe('');
  });

  it('cuts a long address to the limit with an ellipsis', () => {
    const clamped = clampPlaceName('x'.repeat(POOP_PLACE_NAME_MAX_LENGTH + 50));
    expect(textLength(clamped)).toBe(POOP_PLACE_NAME_MAX_LENGTH);
    expect(clamped.endsWith('…')).toBe(true);
  });
});

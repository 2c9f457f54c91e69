import { describe, expect, it } from 'vitest';
import { changedFields } from './poop-edit';

const poop = { title: 'Morning', description: '', type: 'Type 4', private: false, showInMap: true } as const;

describe('changedFields', () => {
  it('is empty when nothing changed, spaces around the text included', () => {
    expect(changedFields(poop, { ...poop, title: ' Morning ' })).toEqual({});
  });

  it('sends only what changed, trimmed', () => {
    expect(changedFields(poop, { ...poop, title: ' Evening', type: 'Other', private: true })).toEqual({
      title: 'Evening',
      type: 'Other',
      private: true,
    });
    expect(changedFields(poop, { ...poop, description: 'x', showInMap: false })).toEqual({ description: 'x', showInMap: false });
  });
});
